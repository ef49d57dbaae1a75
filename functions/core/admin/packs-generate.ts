/**
 * One generation run of a pack (the pack worker): PACK_SCENES_PER_RUN scenes through
 * ImageAI.generateScene, each stored as an active template of the pack (listed in Moments once the
 * pack is published, never while it is a draft: moments/templates.ts) and added to the pack. Idempotent: a scene's template id is derived from the run and its index, and a scene already
 * in the pack is skipped, so a redelivered message finishes the run without duplicating anything.
 */
import { DEFAULT_SAFE_AREA, type MomentTheme, NATIVE_SIZES, type TemplateCategory } from '@shared/templates';
import { mapLimit } from '../concurrency';
import type { Deps } from '../deps';
import type { SceneGenerator } from '../image-ai';
import type { TemplateRecord } from '../moments/moments-ports';
import { stableTemplateId, storeTemplate } from '../moments/store-template';
import type { PackRecord } from './packs-ports';

/** Drawing is CPU work: two scenes at a time (Lambda's 2 vCPUs at the worker's memory; the local 2 cores). */
const PARALLEL_SCENES = 2;
const ORIENTATION = '1:1' as const;

/** What a category's scenes show (words the scene generator knows) and the Moments chip they go under. */
const CATEGORY_SCENES: Record<TemplateCategory, { theme: MomentTheme; words: string }> = {
  Birthdays: { theme: 'birthday', words: 'birthday party with balloons and cake' },
  Milestones: { theme: 'birthday', words: 'celebration with confetti' },
  Holidays: { theme: 'christmas', words: 'festive christmas morning with presents' },
  Fantasy: { theme: 'fantasy', words: 'fairy tale castle in a magic kingdom' },
  Sports: { theme: 'everyday', words: 'sports stadium with a ball' },
  Seasons: { theme: 'everyday', words: 'spring garden with flowers' },
  Family: { theme: 'everyday', words: 'cosy family home' },
  Adventure: { theme: 'animals', words: 'mountain adventure camp' },
};

/** Five looks per run: each scene of a run differs in light and colour. */
const VARIATIONS = [
  { label: 'Morning', words: 'soft morning light' },
  { label: 'Bright Day', words: 'bright midday colours' },
  { label: 'Golden Hour', words: 'warm golden hour glow' },
  { label: 'Twilight', words: 'calm twilight hues' },
  { label: 'Dreamy', words: 'dreamy pastel palette' },
] as const;

export const packTemplateId = (runId: string, index: number) =>
  stableTemplateId(`pack-template\n${runId}\n${index}`);

/** The pack's own name first: the scene generator takes the first subject it recognises. */
export function packScenePrompt(pack: Pick<PackRecord, 'name' | 'category'>, index: number): string {
  const variation = VARIATIONS[index % VARIATIONS.length];
  return `${pack.name}: ${CATEGORY_SCENES[pack.category].words}, ${variation.words}, illustrated background for a child's photo`;
}

/** A number from the run and index, so a redelivery draws the very same scene. */
function sceneSeed(runId: string, index: number): number {
  let hash = 0;
  for (const char of `${runId}#${index}`) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % 100_000;
}

export type PackRunResult = { outcome: 'done' | 'stale'; made: number; skipped: number };

export async function generatePackRun(
  deps: Pick<Deps, 'packs' | 'templates' | 'blobs' | 'templateImages' | 'logger'> & {
    imageAI: SceneGenerator;
  },
  packId: string,
  runId: string,
): Promise<PackRunResult> {
  const pack = await deps.packs.getPack(packId);
  // Deleted meanwhile, finished by an earlier delivery, or replaced after going stale: nothing to do.
  if (!pack?.generation || pack.generation.runId !== runId) return { outcome: 'stale', made: 0, skipped: 0 };
  const { startedAt, total } = pack.generation;
  const members = new Set(await deps.packs.listTemplateIds(packId));
  const indexes = Array.from({ length: total }, (_, index) => index);
  let done = indexes.filter((index) => members.has(packTemplateId(runId, index))).length;
  const todo = indexes.filter((index) => !members.has(packTemplateId(runId, index)));
  const { width, height } = NATIVE_SIZES[ORIENTATION];
  const scene = CATEGORY_SCENES[pack.category];

  await mapLimit(todo, PARALLEL_SCENES, async (index) => {
    const id = packTemplateId(runId, index);
    const { image } = await deps.imageAI.generateScene({
      prompt: packScenePrompt(pack, index),
      width,
      height,
      seed: sceneSeed(runId, index),
    });
    const images = await deps.templateImages.fromImage(image, { width, height });
    const template: TemplateRecord = {
      id,
      sceneName: `${pack.name} · ${VARIATIONS[index % VARIATIONS.length].label}`,
      theme: scene.theme,
      category: pack.category,
      orientation: ORIENTATION,
      nativeWidth: images.width,
      nativeHeight: images.height,
      safeArea: DEFAULT_SAFE_AREA,
      // Listed in Moments while the pack is published; the safe-area editor approves it for the
      // composer gallery. Its pack, not this status, holds it back while the pack is a draft.
      status: 'active',
      packId,
      displayOrder: 0,
      // Fixed per run and index, so a redelivery writes the same item.
      createdAt: new Date(Date.parse(startedAt) + index * 1000).toISOString(),
      imageSource: `pack:${packId}/${runId}/${index}`,
    };
    await storeTemplate(deps, template, images);
    await deps.packs.addTemplate(packId, id, template.createdAt);
    done += 1;
    await deps.packs.recordProgress(packId, runId, done);
  });
  await deps.packs.finishGeneration(packId, runId);
  return { outcome: 'done', made: todo.length, skipped: total - todo.length };
}
