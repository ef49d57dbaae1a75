import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import { createFakeImageAI } from '../../test-support/fakes/image-ai';
import { getTemplate, listComposerTemplates, listTemplates } from '../moments/templates';
import { createPack, generatePack, updatePackStatus } from './packs';
import { packTemplateId } from './packs-generate';
import { enqueueDuePacks, packBatch } from './packs-worker';
import { listAdminTemplates, updateTemplate } from './templates';

const request = (over: Record<string, unknown> = {}) => ({
  name: 'Dragon Tales',
  description: '',
  category: 'Fantasy' as const,
  generationFrequency: 'daily' as const,
  scheduledGeneration: false,
  ...over,
});

async function generatingPack(deps: FakeDeps = fakeDeps()) {
  const { pack } = await createPack(deps, request());
  const { pack: started } = await generatePack(deps, pack.packId);
  return { deps, packId: pack.packId, runId: started.generation!.runId };
}

describe('the pack worker', () => {
  it('makes 5 scenes through generateScene, stores them as active templates of the pack and adds them to it', async () => {
    const { deps, packId, runId } = await generatingPack();
    const prompts: string[] = [];
    const generate = deps.imageAI.generateScene;
    deps.imageAI.generateScene = (input) => {
      prompts.push(input.prompt);
      return generate(input);
    };
    expect(await packBatch(deps, deps.packQueue.take())).toEqual([]);

    const pack = await deps.packs.getPack(packId);
    expect(pack).toMatchObject({ templateCount: 5, status: 'draft' });
    expect(pack?.generation).toBeUndefined();
    expect(prompts).toHaveLength(5);
    for (const prompt of prompts) expect(prompt).toMatch(/^Dragon Tales: fairy tale castle/);
    const ids = await deps.packs.listTemplateIds(packId);
    expect(ids.sort()).toEqual([0, 1, 2, 3, 4].map((i) => packTemplateId(runId, i)).sort());
    const published = await deps.templates.listPublished();
    expect(published.filter((t) => ids.includes(t.id))).toHaveLength(5);
    const template = await deps.templates.getTemplate(ids[0]);
    expect(template).toMatchObject({
      packId,
      status: 'active',
      category: 'Fantasy',
      theme: 'fantasy',
      orientation: '1:1',
    });
    for (const file of ['native.jpg', 'wm.jpg', 'thumb.webp', 'wm-800.jpg', 'native-2000.jpg']) {
      expect(deps.blobs.object('renders', `templates/${ids[0]}/${file}`)).toBeDefined();
    }
  });

  it("keeps a draft pack's scenes out of Moments and the composer until it is published, and hides them again when unpublished", async () => {
    const { deps, packId } = await generatingPack();
    expect(await packBatch(deps, deps.packQueue.take())).toEqual([]);
    const ids = (await deps.packs.listTemplateIds(packId)).sort();
    const ofPack = (list: { templates: { templateId: string }[] }) =>
      list.templates
        .map((t) => t.templateId)
        .filter((id) => ids.includes(id))
        .sort();
    const moments = async () => ofPack(await listTemplates(deps));
    const composer = async () => ofPack(await listComposerTemplates(deps));
    const editorStatuses = async () =>
      (await listAdminTemplates(deps)).templates
        .filter((t) => ids.includes(t.templateId))
        .map((t) => t.status);

    expect(await moments()).toEqual([]);
    await expect(getTemplate(deps, ids[0])).rejects.toMatchObject({ kind: 'not_found' });
    expect(await editorStatuses()).toEqual(['draft', 'draft', 'draft', 'draft', 'draft']);
    // An operator reviews one scene meanwhile: approved, still held back by its pack.
    const reviewed = await updateTemplate(deps, ids[0], {
      sceneName: 'Reviewed',
      category: 'Fantasy',
      orientation: '1:1',
      safeArea: { x: 0.2, y: 0.2, width: 0.5, height: 0.5, anchor: 'center' },
      nativeWidth: 2048,
      nativeHeight: 2048,
      displayOrder: 0,
    });
    expect(reviewed.status).toBe('draft');
    expect([await moments(), await composer()]).toEqual([[], []]);

    await updatePackStatus(deps, packId, 'active');
    expect(await moments()).toEqual(ids);
    expect(await composer()).toEqual([ids[0]]);
    expect((await getTemplate(deps, ids[1])).templateId).toBe(ids[1]);
    expect((await editorStatuses()).sort()).toEqual(['active', 'active', 'active', 'active', 'approved']);

    await updatePackStatus(deps, packId, 'draft');
    expect([await moments(), await composer()]).toEqual([[], []]);
    await expect(getTemplate(deps, ids[0])).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('does not duplicate templates when the message is delivered again', async () => {
    const { deps, packId } = await generatingPack();
    const [message] = deps.packQueue.take();
    // The first delivery dies after two scenes: the run stays recorded on the pack.
    let calls = 0;
    const generate = deps.imageAI.generateScene;
    deps.imageAI.generateScene = async (input) => {
      if (++calls > 2) throw new Error('worker lost');
      return generate(input);
    };
    expect(await packBatch(deps, [message])).toEqual([message.id]);
    const halfway = await deps.packs.getPack(packId);
    expect(halfway?.generation).toBeDefined();
    expect(halfway?.templateCount).toBeLessThan(5);

    deps.imageAI.generateScene = generate;
    expect(await packBatch(deps, [{ ...message, attempt: 2 }])).toEqual([]);
    expect(await packBatch(deps, [{ ...message, attempt: 3 }])).toEqual([]);
    expect((await deps.packs.getPack(packId))?.templateCount).toBe(5);
    expect(deps.table.templates.size).toBe(5);
  });

  it('clears the run with the reason after the last attempt fails, so the page stops waiting', async () => {
    const { deps, packId } = await generatingPack();
    const [message] = deps.packQueue.take();
    deps.imageAI.generateScene = async () => {
      throw new Error('model down');
    };
    expect(await packBatch(deps, [message])).toEqual([message.id]);
    expect((await deps.packs.getPack(packId))?.generation).toBeDefined();
    expect(await packBatch(deps, [{ ...message, attempt: 3 }])).toEqual([message.id]);
    const pack = await deps.packs.getPack(packId);
    expect(pack?.generation).toBeUndefined();
    expect(pack?.lastError).toBe(messages.packGenerationFailed);
  });

  it('ends the run at once, saying why, when no provider can make scenes (a retry would not help)', async () => {
    const { deps, packId } = await generatingPack(
      fakeDeps({ imageAI: createFakeImageAI({ generateScene: 'replicate' }) }),
    );
    const [message] = deps.packQueue.take();
    expect(await packBatch(deps, [message])).toEqual([]);
    const pack = await deps.packs.getPack(packId);
    expect(pack?.generation).toBeUndefined();
    expect(pack?.lastError).toBe(messages.aiProviderRequired);
  });

  it('retries an unreadable message (it reaches the DLQ) and touches nothing', async () => {
    const deps = fakeDeps();
    expect(await packBatch(deps, [{ id: 'm', body: 'nope', attempt: 1 }])).toEqual(['m']);
  });
});

describe('scheduled generation', () => {
  it('queues the packs due a run, once, through the scheduler tick', async () => {
    const deps = fakeDeps();
    const due = (await createPack(deps, request({ scheduledGeneration: true }))).pack;
    await createPack(deps, request({ name: 'Manual' }));
    expect(
      await packBatch(deps, [{ id: 'tick', body: JSON.stringify({ kind: 'scheduled' }), attempt: 1 }]),
    ).toEqual([]);
    expect(deps.packQueue.sent).toEqual([expect.objectContaining({ kind: 'generate', packId: due.packId })]);
    // The run is in progress: the next tick queues nothing more.
    expect(await enqueueDuePacks(deps)).toEqual([]);
    // After the run and a day, it is due again.
    await packBatch(deps, deps.packQueue.take());
    deps.clock.advance(24 * 60 * 60 * 1000);
    expect(await enqueueDuePacks(deps)).toEqual([due.packId]);
  });
});
