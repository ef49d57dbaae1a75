/**
 * What every DraftStore must do, on the fake and on DynamoDB: drafts are per user, most recently
 * changed first; creating never overwrites another draft (a resent create is no error); update,
 * rename and delete say when the draft is gone.
 */
import { describe, expect, it } from 'vitest';
import type { DraftStore } from '../../core/moments/moments-ports';
import { draftRecord } from '../moments';

type Subject = { drafts: DraftStore };

const at = (minute: number) => new Date(Date.UTC(2031, 4, 1, 12, minute)).toISOString();

export function describeDraftStoreContract(name: string, subject: () => Subject) {
  describe(`DraftStore contract: ${name}`, () => {
    it('creates a draft once: the same one resent is kept, another under its id is refused', async () => {
      const { drafts } = subject();
      const userSub = crypto.randomUUID();
      const draft = draftRecord(userSub, {
        strokes: [{ mode: 'erase', radius: 0.05, points: [[0.1, 0.2]] }],
      });
      await drafts.createDraft(draft);
      await drafts.createDraft(draft);
      await expect(drafts.createDraft({ ...draft, name: 'Another' })).rejects.toThrow();
      expect(await drafts.getDraft(userSub, draft.id)).toEqual(draft);
      expect(await drafts.getDraft(crypto.randomUUID(), draft.id)).toBeNull();
    });

    it("lists a user's drafts, most recently changed first, and no one else's", async () => {
      const { drafts } = subject();
      const userSub = crypto.randomUUID();
      const older = draftRecord(userSub, { createdAt: at(0), updatedAt: at(1) });
      const newer = draftRecord(userSub, { createdAt: at(0), updatedAt: at(2) });
      const others = draftRecord(crypto.randomUUID(), { updatedAt: at(3) });
      for (const draft of [older, newer, others]) await drafts.createDraft(draft);
      expect((await drafts.listDrafts(userSub)).map((d) => d.id)).toEqual([newer.id, older.id]);
      // Changing the older one brings it first.
      expect(await drafts.updateDraft({ ...older, strokes: [], updatedAt: at(4) })).toBe(true);
      expect((await drafts.listDrafts(userSub)).map((d) => d.id)).toEqual([older.id, newer.id]);
      expect(await drafts.listDrafts(crypto.randomUUID())).toEqual([]);
    });

    it('updates, renames and deletes only a draft that exists', async () => {
      const { drafts } = subject();
      const userSub = crypto.randomUUID();
      const draft = draftRecord(userSub, { updatedAt: at(0) });
      expect(await drafts.updateDraft(draft)).toBe(false);
      expect(await drafts.getDraft(userSub, draft.id)).toBeNull();
      await drafts.createDraft(draft);

      const moved = { ...draft, placement: { x: 0.4, y: 0.6, scale: 0.5, rotation: 10 }, updatedAt: at(1) };
      expect(await drafts.updateDraft(moved)).toBe(true);
      expect(await drafts.getDraft(userSub, draft.id)).toEqual(moved);

      expect(await drafts.renameDraft(userSub, draft.id, 'For Grandma', at(2))).toEqual({
        draft: { ...moved, name: 'For Grandma', updatedAt: at(2) },
        oldName: 'Snowy Night',
      });
      expect(await drafts.getDraft(userSub, draft.id)).toMatchObject({
        name: 'For Grandma',
        updatedAt: at(2),
      });
      expect(await drafts.renameDraft(crypto.randomUUID(), draft.id, 'x', at(3))).toBeNull();

      expect(await drafts.deleteDraft(crypto.randomUUID(), draft.id)).toBe(false);
      expect(await drafts.deleteDraft(userSub, draft.id)).toBe(true);
      expect(await drafts.deleteDraft(userSub, draft.id)).toBe(false);
      expect(await drafts.getDraft(userSub, draft.id)).toBeNull();
      expect(await drafts.renameDraft(userSub, draft.id, 'x', at(4))).toBeNull();
      expect(await drafts.updateDraft(moved)).toBe(false);
    });
  });
}
