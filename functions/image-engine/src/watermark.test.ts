import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawImage } from './types';
import { WATERMARK_TEXT, watermarkOverlay, watermarkSvg } from './watermark';
import { WATERMARK_GLYPHS_PATH, WATERMARK_GLYPHS_TEXT } from './watermark-glyphs';

const repo = path.resolve(import.meta.dirname, '../../..');

const greyImage = (size: number, level: number): RawImage => ({
  data: new Uint8Array(size * size * 3).fill(level),
  width: size,
  height: size,
  channels: 3,
});

/** The pixels with the kept watermark over them, as the preview maker composites it. */
async function addWatermark(image: RawImage): Promise<RawImage> {
  const { width, height, channels } = image;
  const overlay = await watermarkOverlay(width, height);
  const data = await sharp(image.data, { raw: { width, height, channels } })
    .composite([{ input: overlay, raw: { width, height, channels: 4 } }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data), width, height, channels: 3 };
}

/** Share of pixels whose first channel moved more than a few levels away from `level`. */
function changedShare(image: RawImage, level: number): number {
  let changed = 0;
  const pixels = image.width * image.height;
  for (let i = 0; i < pixels; i++) if (Math.abs(image.data[i * image.channels] - level) > 4) changed++;
  return changed / pixels;
}

describe('preview watermark', () => {
  it('repeats the product text, as font-free outlines, over the whole picture', () => {
    const svg = watermarkSvg(640, 640);
    expect(WATERMARK_TEXT).toBe('Little Futures · PREVIEW');
    // The generated outlines spell the same text (regenerate them if the text changes).
    expect(WATERMARK_GLYPHS_TEXT).toBe(WATERMARK_TEXT);
    expect(svg).not.toContain('<text');
    expect(svg).toContain(`d="${WATERMARK_GLYPHS_PATH}"`);
    expect(svg.match(/<use /g)?.length).toBeGreaterThan(6);
  });

  it('draws the SVG once per size: the kept overlay marks a photo as the SVG itself does', async () => {
    expect(watermarkOverlay(200, 120)).toBe(watermarkOverlay(200, 120));
    const photo = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#7a5c48' } })
      .raw()
      .toBuffer();
    const marked = await addWatermark({ data: new Uint8Array(photo), width: 200, height: 120, channels: 3 });
    const direct = await sharp(photo, { raw: { width: 200, height: 120, channels: 3 } })
      .composite([{ input: Buffer.from(watermarkSvg(200, 120)) }])
      .removeAlpha()
      .raw()
      .toBuffer();
    let worst = 0;
    for (let i = 0; i < direct.length; i++) worst = Math.max(worst, Math.abs(direct[i] - marked.data[i]));
    expect(worst).toBeLessThanOrEqual(2);
    expect(changedShare(marked, 0x7a)).toBeGreaterThan(0.05);
  });

  it('visibly marks every part of the image without changing its size', async () => {
    const size = 320;
    const marked = await addWatermark(greyImage(size, 90));
    expect(marked.width).toBe(size);
    expect(marked.height).toBe(size);
    // Each quadrant has lightened (white text) pixels.
    const c = marked.channels;
    for (const [qx, qy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      let light = 0;
      for (let y = qy * 160; y < qy * 160 + 160; y++) {
        for (let x = qx * 160; x < qx * 160 + 160; x++) if (marked.data[(y * size + x) * c] > 120) light++;
      }
      expect(light).toBeGreaterThan(200);
    }
    // Tasteful: most of the picture is untouched.
    let changed = 0;
    for (let i = 0; i < size * size; i++) if (marked.data[i * c] !== 90) changed++;
    expect(changed / (size * size)).toBeLessThan(0.4);
    const png = await sharp(marked.data, { raw: { width: size, height: size, channels: c } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).width).toBe(size);
  });

  it('draws the same watermark where fontconfig finds no font at all (as on AWS Lambda)', async () => {
    // An empty fonts.conf leaves fontconfig without any font. FONTCONFIG_FILE=/dev/null would not:
    // fontconfig rejects that file and falls back to its built-in config, which finds system fonts.
    // A bare "pixels changed" check would not be enough either: without fonts, SVG <text> still
    // draws a row of empty boxes. So the fontless render must equal the one made here.
    const dir = await mkdtemp(path.join(tmpdir(), 'watermark-nofonts-'));
    try {
      const fontsConf = path.join(dir, 'fonts.conf');
      await writeFile(fontsConf, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
      const size = 320;
      const level = 128;
      // The font-dependent part is the rasterised SVG: the subprocess draws the overlay, marked here.
      const script = [
        `import { watermarkOverlay } from ${JSON.stringify(path.join(import.meta.dirname, 'watermark.ts'))};`,
        `const overlay = await watermarkOverlay(${size}, ${size});`,
        "process.stdout.write(overlay.toString('base64'));",
      ].join('\n');
      const env: NodeJS.ProcessEnv = { ...process.env, FONTCONFIG_FILE: fontsConf };
      delete env.FONTCONFIG_PATH;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', script],
        { cwd: repo, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      );
      const overlay = Buffer.from(stdout, 'base64');
      const fontless: RawImage = {
        data: new Uint8Array(
          await sharp(greyImage(size, level).data, { raw: { width: size, height: size, channels: 3 } })
            .composite([{ input: overlay, raw: { width: size, height: size, channels: 4 } }])
            .removeAlpha()
            .raw()
            .toBuffer(),
        ),
        width: size,
        height: size,
        channels: 3,
      };

      // A meaningful, tasteful share of the picture is marked...
      const share = changedShare(fontless, level);
      expect(share).toBeGreaterThan(0.03);
      expect(share).toBeLessThan(0.4);
      // ...and it is exactly what this process, with the machine's usual fonts config, draws.
      const here = await addWatermark(greyImage(size, level));
      expect(fontless.channels).toBe(here.channels);
      expect(Buffer.from(fontless.data).equals(Buffer.from(here.data))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
