import { DEFAULT_MOMENTS_BLEND } from '@shared/rules/placement';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, uploadedPhoto } from '../../test-support/fakes/scenes';
import { givenCutout, givenTemplate } from '../../test-support/moments';
import type { SignedInUser } from '../uploads/ownership';
import {
  createDraft,
  deleteDraft,
  duplicateDraft,
  getDraft,
  listDrafts,
  renameDraft,
  saveDraft,
} from './drafts';

const canvas = { width: 800, height: 800 } as const;

const placement = { x: 0.4, y: 0.6, scale: 0.3, rotation: 5 };

async function setup(who: SignedInUser = parent()) {
  const deps = fakeDeps();
  const template = await givenTemplate(deps, { sceneName: 'Balloon Party', theme: 'birthday' });
  const uploadId = await uploadedPhoto(deps, who, { render: false });
  await givenCutout(deps, uploadId);
  const input = {
    templateId: template.id,
    uploadId,
    placement,
    strokes: [],
    blend: DEFAULT_MOMENTS_BLEND,
    canvas,
  };
  return { deps, who, template, uploadId, input };
}

describe('drafts', () => {
  it('are named after the template, listed newest first and keep placement and strokes', async () => {
    const { deps, who, input } = await setup();
    const first = await createDraft(deps, who, input);
    deps.clock.advance(1000);
    const strokes = [{ mode: 'erase' as const, radius: 0.05, points: [[0.1, 0.2]] as [number, number][] }];
    const second = await createDraft(deps, who, { ...input, strokes });
    expect(first.name).toBe('Balloon Party');
    const { drafts } = await listDrafts(deps, who);
    expect(drafts.map((d) => d.draftId)).toEqual([second.draftId, first.draftId]);
    expect(drafts[0].strokes).toEqual(strokes);
    expect(drafts[0].cutoutUrl).toEqual(expect.any(String));
  });

  it('saves changes and moves a changed draft to the top', async () => {
    const { deps, who, input } = await setup();
    const older = await createDraft(deps, who, input);
    deps.clock.advance(1000);
    const newer = await createDraft(deps, who, input);
    deps.clock.advance(1000);
    await saveDraft(deps, who, older.draftId, { ...input, placement: { ...placement, x: 0.9 } });
    const { drafts } = await listDrafts(deps, who);
    expect(drafts.map((d) => d.draftId)).toEqual([older.draftId, newer.draftId]);
    expect(drafts[0].placement.x).toBe(0.9);
  });

  it('records a draft_renamed event with the old and new names', async () => {
    const { deps, who, input } = await setup();
    const draft = await createDraft(deps, who, input);
    const renamed = await renameDraft(deps, who, draft.draftId, 'Grandma’s card');
    expect(renamed.name).toBe('Grandma’s card');
    expect(deps.table.analytics).toEqual([
      {
        event_type: 'draft_renamed',
        metadata: {
          draft_id: draft.draftId,
          old_name: 'Balloon Party',
          new_name: 'Grandma’s card',
          timestamp: deps.clock.now().toISOString(),
        },
      },
    ]);
  });

  it('duplicates into a new draft that leaves the original as it was', async () => {
    const { deps, who, input } = await setup();
    const draft = await createDraft(deps, who, input);
    const copy = await duplicateDraft(deps, who, draft.draftId);
    expect(copy.draftId).not.toBe(draft.draftId);
    expect(copy).toMatchObject({ name: 'Balloon Party (copy)', placement, uploadId: input.uploadId });
    expect((await getDraft(deps, who, draft.draftId)).name).toBe('Balloon Party');
  });

  it("never shows, changes or deletes another parent's draft", async () => {
    const { deps, who, input } = await setup();
    const draft = await createDraft(deps, who, input);
    const stranger = parent();
    for (const attempt of [
      () => getDraft(deps, stranger, draft.draftId),
      () => renameDraft(deps, stranger, draft.draftId, 'mine now'),
      () => duplicateDraft(deps, stranger, draft.draftId),
      () => deleteDraft(deps, stranger, draft.draftId),
      () => saveDraft(deps, stranger, draft.draftId, input),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ kind: 'not_found' });
    }
    expect((await getDraft(deps, who, draft.draftId)).name).toBe('Balloon Party');
  });

  it("refuses a draft of another parent's photo", async () => {
    const { deps, input } = await setup();
    await expect(createDraft(deps, parent(), input)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('deletes, and a second delete is not found', async () => {
    const { deps, who, input } = await setup();
    const draft = await createDraft(deps, who, input);
    await deleteDraft(deps, who, draft.draftId);
    await expect(deleteDraft(deps, who, draft.draftId)).rejects.toMatchObject({ kind: 'not_found' });
    expect((await listDrafts(deps, who)).drafts).toEqual([]);
  });
});
