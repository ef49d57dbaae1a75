/**
 * The detector, the offline ageing, background removal, the face identity check, the face swap and the preview maker bundled the way NodejsFunction bundles a Lambda (esbuild, ESM, with
 * sharp, face-api and tfjs left as real node_modules next to the bundle) still find their models.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
let dir = '';

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function bundleAndRun(format: 'esm' | 'cjs') {
  const entry = path.join(dir, `entry-${format}.ts`);
  await writeFile(
    entry,
    [
      `import { readFileSync } from 'node:fs';`,
      `import { createFaceIdentity, createHdEnlarger, createImageAI, createPreviewMaker } from ${JSON.stringify(path.join(import.meta.dirname, 'index.ts'))};`,
      "const ai = createImageAI({ detectFaces: 'offline', ageProgress: 'offline', removeBackground: 'offline', faceSwap: 'offline', generateScene: 'offline' });",
      // No top-level await: it is not allowed in a CommonJS bundle.
      'ai.ageProgress({ image: readFileSync(process.argv[2]), targetAge: 16 }).then(async (out) => {',
      '  const preview = await createPreviewMaker().preview(out.image);',
      '  const cutout = await ai.removeBackground({ image: readFileSync(process.argv[2]) });',
      // The identity check loads the recognition net beside the detector's models; the swap uses both pictures' landmarks.
      '  const signature = await createFaceIdentity().signature(out.image);',
      '  const swapped = await ai.faceSwap({ source: out.image, target: readFileSync(process.argv[2]) });',
      // A hosted render's HD file, made on its first download by the uploads Lambda (Skia).
      '  const enlarged = await createHdEnlarger().enlarge(preview.jpeg, 1200);',
      '  console.log(JSON.stringify({ face: out.face, preview: preview.jpeg.length, hd: out.image.length, cutout: cutout.png.length, descriptor: signature?.descriptor.length, swapped: swapped.image.length, enlarged: enlarged.length }));',
      '});',
    ].join('\n'),
  );
  const outdir = path.join(dir, `lambda-${format}`);
  const outfile = path.join(outdir, format === 'esm' ? 'index.mjs' : 'index.js');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format,
    target: 'node20',
    outfile,
    tsconfig: path.join(repo, 'tsconfig.json'),
    external: ['sharp', '@vladmandic/face-api', '@tensorflow/*'],
    logLevel: 'silent',
  });
  // The Lambda ships those packages as real node_modules beside the bundle, and the segmentation
  // model in a folder of its own (infra/constructs/api.ts, GROUP_BUNDLE_FOLDERS).
  await symlink(path.join(repo, 'node_modules'), path.join(outdir, 'node_modules'), 'dir');
  await cp(
    path.join(repo, 'functions/image-engine/src/background/model'),
    path.join(outdir, 'selfie-model'),
    {
      recursive: true,
    },
  );
  const sample = path.join(repo, 'node_modules/@vladmandic/face-api/demo/sample1.jpg');
  const { stdout } = await promisify(execFile)(process.execPath, [outfile, sample], {
    cwd: dir,
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

describe('image engine in a Lambda bundle', () => {
  it('detects and renders from an esbuild bundle (ESM and CommonJS) in another folder', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'image-bundle-'));
    for (const result of await Promise.all([bundleAndRun('esm'), bundleAndRun('cjs')])) {
      expect(result.face.score).toBeGreaterThan(0.5);
      expect(result.hd).toBeGreaterThan(10_000);
      expect(result.preview).toBeGreaterThan(1_000);
      expect(result.cutout).toBeGreaterThan(10_000);
      expect(result.descriptor).toBe(128);
      expect(result.swapped).toBeGreaterThan(10_000);
      expect(result.enlarged).toBeGreaterThan(10_000);
    }
  }, 90_000);
});
