/**
 * The offline generateScene capability: the illustrated scene generator, choosing the kind of
 * scene from the prompt's words (a birthday prompt gets balloons and cake, a space prompt planets).
 * Deterministic for a prompt and seed, any size. The answer says where the ground line is (groundY,
 * a fraction of the height): the child's space of the nearest orientation ends on it.
 */
import type { GenerateSceneInput } from '../types';
import { SCENE_KINDS, type SceneKind } from './kinds';
import { drawScenePixels } from './render';
import { nearestOrientation, safeAreaOf } from './safe-areas';
import { sceneJpeg } from './template-files';

const KEYWORDS: ReadonlyArray<readonly [SceneKind, RegExp]> = [
  ['party', /birthday|party|balloon|cake|celebrat|confetti/],
  ['christmas', /christmas|xmas|santa|present|festive/],
  ['snow', /snow|winter|ice|frost/],
  ['castle', /castle|princess|prince|fairy|kingdom|dragon|royal|magic/],
  ['space', /space|planet|rocket|star|astronaut|galaxy|moon/],
  ['halloween', /halloween|pumpkin|spooky|bat|haunted|witch/],
  ['farm', /farm|barn|cow|sheep|tractor/],
  ['ocean', /ocean|sea|underwater|fish|whale|reef/],
  ['spring', /spring|flower|butterfl|blossom|garden/],
  ['park', /park|playground|picnic|tree/],
  ['beach', /beach|summer|sand|shore|holiday/],
  ['sports', /sport|football|soccer|goal|stadium|match|ball/],
  ['autumn', /autumn|fall|leaves|harvest/],
  ['school', /school|class|graduat|teacher|learn/],
  ['home', /home|house|family/],
  ['mountains', /mountain|camp|hike|adventure|peak/],
];

export function sceneKindFor(prompt: string, seed = 0): SceneKind {
  const text = prompt.toLowerCase();
  const match = KEYWORDS.find(([, pattern]) => pattern.test(text));
  return match ? match[0] : SCENE_KINDS[Math.abs(Math.trunc(seed)) % SCENE_KINDS.length];
}

export async function generateOfflineScene({
  prompt,
  width,
  height,
  seed = 0,
}: GenerateSceneInput): Promise<{ image: Buffer; groundY: number | null }> {
  const kind = sceneKindFor(prompt, seed);
  const safeArea = safeAreaOf(nearestOrientation(width, height));
  const { pixels, groundY } = drawScenePixels(
    {
      kind,
      hue: (seed * 47) % 360,
      variant: Math.abs(Math.trunc(seed)),
      seed: `${prompt}#${seed}`,
      safeArea,
    },
    width,
    height,
  );
  return { image: await sceneJpeg(pixels, width, height), groundY };
}
