/**
 * What every BlobStore must do, run against the in-memory fake (unit project) and S3 on the
 * emulator (int project): missing objects, and the anonymous retention tag that copies must drop.
 */
import { describe, expect, it } from 'vitest';
import type { BlobBucket, BlobStore } from '../../core/ports';

export type BlobSubject = {
  blobs: BlobStore;
  /** Whether the object carries the anonymous retention tag. */
  isAnonymous(bucket: BlobBucket, key: string): Promise<boolean>;
  /** Whether the object carries the pending tag (written before its transaction, not committed). */
  isPending(bucket: BlobBucket, key: string): Promise<boolean>;
};

const jpeg = { contentType: 'image/jpeg' };

export function describeBlobStoreContract(name: string, subject: () => BlobSubject) {
  describe(`BlobStore contract: ${name}`, () => {
    const prefix = () => `contract/${crypto.randomUUID()}/`;

    it('reads back what was put, whole or its first bytes; a missing object is null or an error', async () => {
      const { blobs } = subject();
      const key = `${prefix()}photo.jpg`;
      await blobs.put('uploads', key, Buffer.from('0123456789'), jpeg);
      expect(await blobs.head('uploads', key)).toEqual({ size: 10, contentType: 'image/jpeg' });
      expect(Buffer.from(await blobs.readHead('uploads', key, 4)).toString()).toBe('0123');
      expect((await blobs.get('uploads', key)).toString()).toBe('0123456789');
      expect(await blobs.head('uploads', `${key}.missing`)).toBeNull();
      await expect(blobs.get('uploads', `${key}.missing`)).rejects.toThrow();
    });

    it('tags only anonymous objects, and copies without the tag', async () => {
      const { blobs, isAnonymous } = subject();
      const base = prefix();
      await blobs.put('uploads', `${base}temp.jpg`, Buffer.from('child'), { ...jpeg, anonymous: true });
      await blobs.put('uploads', `${base}kept.jpg`, Buffer.from('child'), jpeg);
      await blobs.copy('uploads', `${base}temp.jpg`, `${base}users.jpg`);
      await blobs.copy('uploads', `${base}temp.jpg`, `${base}users.jpg`);
      expect(
        await Promise.all(
          ['temp', 'kept', 'users'].map((name) => isAnonymous('uploads', `${base}${name}.jpg`)),
        ),
      ).toEqual([true, false, false]);
      expect(await blobs.head('uploads', `${base}users.jpg`)).toEqual({ size: 5, contentType: 'image/jpeg' });
    });

    it('tags copies and pending writes until committed; a commit keeps only the anonymous tag asked for', async () => {
      const { blobs, isAnonymous, isPending } = subject();
      const base = prefix();
      const state = async (key: string) => [
        await isAnonymous('uploads', key),
        await isPending('uploads', key),
      ];
      await blobs.put('uploads', `${base}temp.jpg`, Buffer.from('child'), { ...jpeg, anonymous: true });
      await blobs.copy('uploads', `${base}temp.jpg`, `${base}users.jpg`);
      await blobs.put('uploads', `${base}visitor.jpg`, Buffer.from('child'), {
        ...jpeg,
        anonymous: true,
        pending: true,
      });
      await blobs.put('uploads', `${base}user.jpg`, Buffer.from('child'), { ...jpeg, pending: true });
      expect(await state(`${base}temp.jpg`)).toEqual([true, false]);
      expect(await state(`${base}users.jpg`)).toEqual([false, true]);
      expect(await state(`${base}visitor.jpg`)).toEqual([true, true]);
      expect(await state(`${base}user.jpg`)).toEqual([false, true]);

      await blobs.commit('uploads', [`${base}users.jpg`, `${base}user.jpg`, `${base}missing.jpg`], {
        anonymous: false,
      });
      await blobs.commit('uploads', [`${base}visitor.jpg`], { anonymous: true });
      expect(await state(`${base}users.jpg`)).toEqual([false, false]);
      expect(await state(`${base}user.jpg`)).toEqual([false, false]);
      expect(await state(`${base}visitor.jpg`)).toEqual([true, false]);
      expect((await blobs.get('uploads', `${base}users.jpg`)).toString()).toBe('child');
    });

    it('clears the anonymous tag, and a missing object is fine', async () => {
      const { blobs, isAnonymous } = subject();
      const key = `${prefix()}preview.jpg`;
      await blobs.put('renders', key, Buffer.from('preview'), { ...jpeg, anonymous: true });
      await blobs.clearAnonymousTag('renders', key);
      await blobs.clearAnonymousTag('renders', `${key}.missing`);
      expect(await isAnonymous('renders', key)).toBe(false);
    });

    it('lists by prefix and deletes what it is given, missing keys included', async () => {
      const { blobs } = subject();
      const base = prefix();
      for (const name of ['b.jpg', 'a.jpg', 'sub/c.jpg'])
        await blobs.put('renders', `${base}${name}`, Buffer.from(name), jpeg);
      expect(await blobs.list('renders', base)).toEqual([`${base}a.jpg`, `${base}b.jpg`, `${base}sub/c.jpg`]);
      await blobs.delete('renders', [`${base}a.jpg`, `${base}missing.jpg`]);
      expect(await blobs.list('renders', base)).toEqual([`${base}b.jpg`, `${base}sub/c.jpg`]);
      await blobs.delete('renders', []);
    });

    it('hands out presigned addresses for the browser', async () => {
      const { blobs } = subject();
      const key = `${prefix()}incoming`;
      const put = await blobs.presignPut('uploads', key, {
        contentType: 'image/png',
        contentLength: 1234,
        expiresInSeconds: 600,
      });
      expect(put.headers).toEqual({ 'Content-Type': 'image/png' });
      expect(new URL(put.url).pathname).toContain(key);
      const get = await blobs.presignGet('renders', key, {
        expiresInSeconds: 60,
        fileName: 'age-10.jpg',
        disposition: 'attachment',
      });
      expect(new URL(get).pathname).toContain(key);
    });
  });
}
