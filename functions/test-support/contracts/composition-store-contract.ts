/**
 * What every CompositionStore must do, on the fake and on DynamoDB: one HD record per request of a
 * user, keepsakes recorded under their photo only while it exists (so deleting the photo finds them
 * all), and forgotten with their HD record. Paying for them: credit-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import type { CompositionLink, CompositionStore } from '../../core/moments/moments-ports';
import type { Clock, UploadStore } from '../../core/ports';
import { hdRecord } from '../credits';
import { uploadRecord } from '../records';

type Subject = { uploads: UploadStore; compositions: CompositionStore; clock: Clock };

const linkOf = ({ id, owner, requestId, quality, uploadId, key, createdAt }: CompositionLink) => ({
  id,
  owner,
  requestId,
  quality,
  uploadId,
  key,
  createdAt,
});

export function describeCompositionStoreContract(name: string, subject: () => Subject) {
  describe(`CompositionStore contract: ${name}`, () => {
    async function photoOf({ uploads, clock }: Subject, userSub: string) {
      const photo = uploadRecord(clock, `user:${userSub}` as const);
      await uploads.createUpload(photo);
      return photo;
    }

    it('keeps the first HD record of a request and answers a second one with it', async () => {
      const s = subject();
      const userSub = crypto.randomUUID();
      const photo = await photoOf(s, userSub);
      const first = hdRecord(s.clock, userSub, photo, { paidWith: 'subscription' });
      expect(await s.compositions.getHdComposition(userSub, first.requestId)).toBeNull();
      expect(await s.compositions.recordHdComposition(userSub, first, { via: 'subscription' })).toEqual({
        status: 'recorded',
        balance: null,
      });
      const again = { ...hdRecord(s.clock, userSub, photo), requestId: first.requestId };
      expect(await s.compositions.recordHdComposition(userSub, again, { via: 'subscription' })).toEqual({
        status: 'duplicate',
        record: first,
      });
      expect(await s.compositions.getHdComposition(userSub, first.requestId)).toEqual(first);
      // Request ids are per user: another parent's same id is another keepsake.
      expect(await s.compositions.getHdComposition(crypto.randomUUID(), first.requestId)).toBeNull();
    });

    it('records keepsakes under their photo only while it exists, and forgets them with the HD record', async () => {
      const s = subject();
      const userSub = crypto.randomUUID();
      const photo = await photoOf(s, userSub);
      const hd = hdRecord(s.clock, userSub, photo, { paidWith: 'subscription' });
      const free = { ...linkOf(hdRecord(s.clock, userSub, photo)), quality: 'free' as const };
      await s.compositions.recordHdComposition(userSub, hd, { via: 'subscription' });
      expect(await s.compositions.recordFreeComposition(free)).toBe(true);
      const listed = await s.compositions.listByUpload(photo.id);
      expect(listed.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        [linkOf(hd), free].sort((a, b) => a.id.localeCompare(b.id)),
      );
      expect(await s.compositions.listByUpload(crypto.randomUUID())).toEqual([]);

      await s.compositions.forget(listed);
      expect(await s.compositions.listByUpload(photo.id)).toEqual([]);
      expect(await s.compositions.getHdComposition(userSub, hd.requestId)).toBeNull();

      // Once the photo is gone, nothing more is recorded from it.
      expect(await s.uploads.deleteUpload(photo, [])).toBe(true);
      expect(await s.compositions.recordFreeComposition({ ...free, id: crypto.randomUUID() })).toBe(false);
      const late = hdRecord(s.clock, userSub, photo);
      expect(await s.compositions.recordHdComposition(userSub, late, { via: 'subscription' })).toEqual({
        status: 'upload_gone',
      });
      expect(await s.compositions.listByUpload(photo.id)).toEqual([]);
      expect(await s.compositions.getHdComposition(userSub, late.requestId)).toBeNull();
    });

    it('forgets only the keepsakes named: the HD record of another stays', async () => {
      const s = subject();
      const userSub = crypto.randomUUID();
      const photo = await photoOf(s, userSub);
      const kept = hdRecord(s.clock, userSub, photo, { paidWith: 'subscription' });
      const dropped = hdRecord(s.clock, userSub, photo, { paidWith: 'subscription' });
      for (const record of [kept, dropped])
        await s.compositions.recordHdComposition(userSub, record, { via: 'subscription' });
      const free = { ...linkOf(hdRecord(s.clock, userSub, photo)), quality: 'free' as const };
      await s.compositions.recordFreeComposition(free);
      await s.compositions.forget([free, linkOf(dropped)]);
      expect((await s.compositions.listByUpload(photo.id)).map((link) => link.id)).toEqual([kept.id]);
      expect(await s.compositions.getHdComposition(userSub, kept.requestId)).toEqual(kept);
      expect(await s.compositions.getHdComposition(userSub, dropped.requestId)).toBeNull();
    });
  });
}
