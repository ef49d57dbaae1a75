import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../catalog';
import { checkDeclaredFile, sniffImageFormat } from './upload-file';

describe('checkDeclaredFile for the composer', () => {
  const MB = 1024 * 1024;
  it('takes up to 12 MB of JPEG or PNG, with its own messages beyond', () => {
    expect(checkDeclaredFile({ size: 12 * MB, type: 'image/png' }, 'composer')).toEqual({ ok: true });
    expect(checkDeclaredFile({ size: 12 * MB + 1, type: 'image/jpeg' }, 'composer')).toMatchObject({
      ok: false,
      message: 'File too large. Maximum 12MB allowed.',
    });
    // An 11 MB photo is too large for the age previews, not for the composer.
    expect(checkDeclaredFile({ size: 11 * MB, type: 'image/jpeg' })).toMatchObject({ ok: false });
  });
  it('refuses what is not a JPEG or PNG by the time it is uploaded (HEIC is converted first)', () => {
    for (const type of ['image/gif', 'image/heic', 'image/webp']) {
      expect(checkDeclaredFile({ size: 1000, type }, 'composer')).toMatchObject({
        ok: false,
        messageKey: 'composerFileType',
      });
    }
  });
});

describe('checkDeclaredFile', () => {
  it('accepts a 10 MB JPEG exactly at the limit', () => {
    expect(checkDeclaredFile({ size: MAX_UPLOAD_BYTES, type: 'image/jpeg' })).toEqual({ ok: true });
  });
  it('rejects a file over 10 MB with its fixed message', () => {
    const result = checkDeclaredFile({ size: MAX_UPLOAD_BYTES + 1, type: 'image/png' });
    expect(result).toMatchObject({ ok: false, message: 'File size must be less than 10MB' });
  });
  it('rejects a type that does not start with image/', () => {
    expect(checkDeclaredFile({ size: 10, type: 'application/pdf' })).toMatchObject({
      ok: false,
      message: 'Please select an image file',
    });
  });
  it('refuses image types the pipeline cannot read before uploading them', () => {
    for (const type of ['image/gif', 'image/heic', 'image/svg+xml', 'image/jpeg\r\nx-evil: 1']) {
      expect(checkDeclaredFile({ size: 10, type })).toMatchObject({
        ok: false,
        messageKey: 'photoFormatUnsupported',
      });
    }
    expect(checkDeclaredFile({ size: 10, type: 'IMAGE/PNG' })).toEqual({ ok: true });
  });
  it('checks size before type', () => {
    expect(checkDeclaredFile({ size: MAX_UPLOAD_BYTES + 1, type: 'text/plain' })).toMatchObject({
      messageKey: 'fileTooLarge',
    });
  });
});

describe('sniffImageFormat', () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(
      values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
    );
  it('knows JPEG, PNG and WEBP by their magic bytes', () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageFormat(bytes(0x89, 'PNG', 0x0d, 0x0a))).toBe('png');
    expect(sniffImageFormat(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
  });
  it('recognises HEIC so it can be refused with a clear message', () => {
    expect(sniffImageFormat(bytes(0, 0, 0, 24, 'ftypheic'))).toBe('heic');
  });
  it('does not take text renamed .jpg for an image', () => {
    expect(sniffImageFormat(new TextEncoder().encode('hello, I am not a photo'))).toBe('unknown');
  });
});
