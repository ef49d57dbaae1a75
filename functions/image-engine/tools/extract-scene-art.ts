/**
 * Writes src/scenes/art/noto-subset.json: the Noto Emoji illustrations the scenes use, copied from
 * the @iconify-json/noto package (a dev dependency, 25 MB: only the subset ships). Run it after
 * adding a name:  npx tsx functions/image-engine/tools/extract-scene-art.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { notoIcons, SCENE_ART_NAMES } from './scene-art-names';

const icons = notoIcons();
const subset = {
  source: '@iconify-json/noto (Noto Emoji, Apache-2.0, Google Inc.)',
  size: icons.height,
  icons: Object.fromEntries(SCENE_ART_NAMES.map((name) => [name, icons.bodyOf(name)])),
};
const file = path.join(import.meta.dirname, '../src/scenes/art/noto-subset.json');
writeFileSync(file, `${JSON.stringify(subset, null, 2)}\n`);
console.log(`${SCENE_ART_NAMES.length} illustrations written to ${file}`);
