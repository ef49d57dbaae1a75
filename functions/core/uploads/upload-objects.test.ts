import { describe, expect, it } from 'vitest';
import type { RenderJobRecord, UploadRecord } from '../ports';
import { renderKeysOf, uploadObjectKeys } from './upload-objects';

const id = '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5';
const sid = '0b6f6e2c-4d0a-4c4e-9a37-1f2d3c4b5a69';
const base: UploadRecord = {
  id,
  owner: `session:${sid}`,
  status: 'ready',
  incomingKey: `incoming/${id}`,
  fileKey: `temp/${id}/original.jpg`,
  declaredType: 'image/jpeg',
  declaredSize: 1,
  migrated: false,
  purpose: 'previews',
  createdAt: '2026-11-22T12:00:00.000Z',
};
const job = (age: 10 | 16 | 21, done: boolean): RenderJobRecord => ({
  uploadId: id,
  age,
  status: done ? 'done' : 'processing',
  hdUnlocked: false,
  updatedAt: base.createdAt,
  ...(done ? { previewKey: `previews/${id}/${age}-aaa.jpg`, hdKey: `hd/${id}/${age}-bbb.jpg` } : {}),
});

describe('uploadObjectKeys', () => {
  it("names the raw file, the original and every recorded render of a visitor's upload", () => {
    const keys = uploadObjectKeys(base, [job(10, true), job(16, false)]);
    expect(keys.uploads.sort()).toEqual([`incoming/${id}`, `temp/${id}/original.jpg`]);
    expect(keys.renders.sort()).toEqual([`hd/${id}/10-bbb.jpg`, `previews/${id}/10-aaa.jpg`]);
  });

  it('names the cut-out, its copy and its source photo when Moments made them', () => {
    const withCutout: UploadRecord = {
      ...base,
      cutout: { width: 10, height: 20, createdAt: base.createdAt },
    };
    expect(uploadObjectKeys(withCutout, []).uploads.sort()).toEqual([
      `incoming/${id}`,
      `temp/${id}/cutout-800.png`,
      `temp/${id}/cutout-source.jpg`,
      `temp/${id}/cutout.png`,
      `temp/${id}/original.jpg`,
    ]);
  });

  it('includes the temp/ copy a migrated upload may still have', () => {
    const migrated: UploadRecord = {
      ...base,
      owner: 'user:sub-1',
      migrated: true,
      migratedFrom: sid,
      fileKey: `users/sub-1/${id}/original.jpg`,
    };
    expect(uploadObjectKeys(migrated, []).uploads.sort()).toEqual([
      `incoming/${id}`,
      `temp/${id}/original.jpg`,
      `users/sub-1/${id}/original.jpg`,
    ]);
  });

  it('covers an upload that never got its file', () => {
    const pending: UploadRecord = { ...base, status: 'awaiting_file', fileKey: undefined, incomingKey: '' };
    expect(uploadObjectKeys(pending, []).uploads.sort()).toEqual([
      `incoming/${id}`,
      `temp/${id}/original.jpg`,
    ]);
  });
});

describe('renderKeysOf', () => {
  it('lists each recorded file once', () => {
    expect(renderKeysOf([job(10, true), job(10, true), job(21, false)])).toEqual([
      `previews/${id}/10-aaa.jpg`,
      `hd/${id}/10-bbb.jpg`,
    ]);
  });
});
