import { describe, expect, it } from 'vitest';
import { ANONYMOUS_RETENTION_DAYS } from './catalog';
import {
  ANONYMOUS_TAG,
  ANONYMOUS_TAGGING,
  BUCKET_ROLES,
  matchesKeyPattern,
  prefixesOf,
  publicKeyPatterns,
  S3_PREFIXES,
  storageKeys,
  TEMPLATE_SQUARES,
} from './deployment';

const uploadId = '6f1c1f0e-3d2b-4a57-9b61-0d7d5e4f2a10';

describe('deployment contract: keys', () => {
  it('keeps a visitor’s files in the expiring folder by upload (never by session) and a parent’s in their own', () => {
    expect(storageKeys.original('session:s1', uploadId)).toBe(`temp/${uploadId}/original.jpg`);
    expect(storageKeys.cutout('user:u1', uploadId)).toBe(`users/u1/${uploadId}/cutout.png`);
    expect(storageKeys.cutoutCopy('session:s1', uploadId)).toBe(`temp/${uploadId}/cutout-800.png`);
    expect(storageKeys.incoming(uploadId)).toBe(`incoming/${uploadId}`);
  });

  it('names renders, templates and compositions under their prefixes', () => {
    expect(storageKeys.preview(uploadId, 10, 'abc')).toBe(`previews/${uploadId}/10-abc.jpg`);
    expect(storageKeys.hd(uploadId, 19, 'def')).toBe(`hd/${uploadId}/19-def.jpg`);
    expect(storageKeys.template('t1', 'wm.jpg')).toBe('templates/t1/wm.jpg');
    expect(storageKeys.templateSquare('t1', TEMPLATE_SQUARES.free)).toBe('templates/t1/wm-800.jpg');
    expect(storageKeys.templateSquare('t1', TEMPLATE_SQUARES.hd)).toBe('templates/t1/native-2000.jpg');
    expect(storageKeys.composition('c1', 'hd')).toBe('compositions/c1/hd.jpg');
  });

  it('builds every key under a declared prefix of the bucket that holds it', () => {
    const built: [string, string][] = [
      ['uploads', storageKeys.incoming(uploadId)],
      ['uploads', storageKeys.original('session:s', uploadId)],
      ['uploads', storageKeys.original('user:u', uploadId)],
      ['uploads', storageKeys.cutout('session:s', uploadId)],
      ['uploads', storageKeys.cutoutCopy('user:u', uploadId)],
      ['renders', storageKeys.preview(uploadId, 5, 'h')],
      ['renders', storageKeys.hd(uploadId, 5, 'h')],
      ['renders', storageKeys.template('t', 'native.jpg')],
      ['renders', storageKeys.templateSquare('t', TEMPLATE_SQUARES.hd)],
      ['renders', storageKeys.composition('c', 'free')],
    ];
    for (const [bucket, key] of built) {
      const owners = BUCKET_ROLES.filter((b) => prefixesOf(b).some((p) => key.startsWith(p.prefix)));
      expect(owners, key).toEqual([bucket]);
    }
  });
});

describe('deployment contract: retention and exposure', () => {
  it('expires raw uploads after a day, visitors’ folders and tagged files after the retention period', () => {
    expect(S3_PREFIXES.incoming.expiresAfterDays).toBe(1);
    expect(S3_PREFIXES.visitorFiles.expiresAfterDays).toBe(ANONYMOUS_RETENTION_DAYS);
    expect(ANONYMOUS_TAG.expiresAfterDays).toBe(ANONYMOUS_RETENTION_DAYS);
    expect(ANONYMOUS_TAGGING).toBe('retention=anonymous');
  });

  it('makes public only previews and the watermarked and thumbnail template images', () => {
    expect(publicKeyPatterns('uploads')).toEqual([]);
    const patterns = publicKeyPatterns('renders');
    expect(patterns).toEqual(['previews/*', 'templates/*/wm.jpg', 'templates/*/thumb.webp']);
    const isPublic = (key: string) => patterns.some((p) => matchesKeyPattern(p, key));
    expect(isPublic(storageKeys.preview(uploadId, 10, 'abc'))).toBe(true);
    expect(isPublic(storageKeys.template('t1', 'wm.jpg'))).toBe(true);
    expect(isPublic(storageKeys.template('t1', 'thumb.webp'))).toBe(true);
    expect(isPublic(storageKeys.template('t1', 'native.jpg'))).toBe(false);
    // The square copies are the server's working files; the native one is the clean image.
    for (const square of Object.values(TEMPLATE_SQUARES)) {
      expect(isPublic(storageKeys.templateSquare('t1', square))).toBe(false);
    }
    expect(isPublic(storageKeys.hd(uploadId, 10, 'abc'))).toBe(false);
    expect(isPublic(storageKeys.composition('c1', 'free'))).toBe(false);
  });

  it('matches `*` as any characters and everything else literally', () => {
    expect(matchesKeyPattern('templates/*/wm.jpg', 'templates/a/wm.jpg')).toBe(true);
    expect(matchesKeyPattern('templates/*/wm.jpg', 'templates/a/wmXjpg')).toBe(false);
    expect(matchesKeyPattern('previews/*', 'previews/')).toBe(true);
    expect(matchesKeyPattern('previews/*', 'hd/previews/x')).toBe(false);
  });
});
