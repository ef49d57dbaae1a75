import { DEFAULT_MOMENTS_BLEND } from '@shared/rules/placement';
import { NATIVE_SIZES } from '@shared/templates';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createKeepsakeRenderer, layerOfBytes } from './keepsake-renderer';
import { templateSquares } from './template-squares';

/** No shadow and no light matching: the colours drawn are the layers' own. */
const PLAIN_BLEND = { ...DEFAULT_MOMENTS_BLEND, shadowStrength: 0, matchLight: false };

/** A 4:5 template with gradients and fine detail, and a half-transparent cut-out. */
async function layers() {
  const { width, height } = NATIVE_SIZES['4:5'];
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const [x, y] = [i % width, Math.floor(i / width)];
    data[i * 3] = 40 + (x / width) * 180 + 20 * Math.sin(y / 9);
    data[i * 3 + 1] = 60 + (y / height) * 150;
    data[i * 3 + 2] = 200 - (x / width) * 120 + 15 * Math.cos(x / 13);
  }
  const template = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
  const cutout = await sharp({
    create: { width: 300, height: 400, channels: 4, background: { r: 220, g: 120, b: 90, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  return { template, cutout };
}

const rgb = async (jpeg: Buffer) => (await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })).data;
const meanAbsoluteError = (a: Buffer, b: Buffer) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;

describe("a template's square copies", () => {
  it('are JPEGs of the Moments canvas sizes, free from the watermarked image and HD from the clean one', async () => {
    const { template } = await layers();
    const marked = await sharp(template).negate().jpeg().toBuffer();
    const squares = await templateSquares({ native: template, watermarked: marked });
    const [free, hd] = await Promise.all([sharp(squares.free).metadata(), sharp(squares.hd).metadata()]);
    expect([free.format, free.width, free.height, hd.format, hd.width, hd.height]).toEqual([
      'jpeg',
      800,
      800,
      'jpeg',
      2000,
      2000,
    ]);
    // The free copy is the negated (watermarked) image, the HD one the clean image.
    const centre = async (jpeg: Buffer) => (await sharp(jpeg).resize(1, 1).raw().toBuffer())[0];
    expect(Math.abs((await centre(squares.free)) + (await centre(squares.hd)) - 255)).toBeLessThan(12);
  });

  // Without a ground line from the centre; with one, around it (the copy's crop and the drawing's agree).
  for (const groundY of [undefined, 0.9]) {
    it(`draw the keepsake the original draws, within a level (ground line ${groundY ?? 'unknown'})`, async () => {
      const { template, cutout } = await layers();
      const squares = await templateSquares({ native: template, watermarked: template, groundY });
      const renderer = createKeepsakeRenderer();
      const templateSize = { ...NATIVE_SIZES['4:5'], groundY };
      for (const [size, copy] of [
        [800, squares.free],
        [2000, squares.hd],
      ] as const) {
        const draw = (background: Buffer) =>
          renderer.render({
            background: layerOfBytes(background),
            cutout: layerOfBytes(cutout),
            placement: { x: 0.4, y: 0.6, scale: 0.5, rotation: 12 },
            strokes: [],
            blend: PLAIN_BLEND,
            template: templateSize,
            size,
            watermark: false,
          });
        const [fromOriginal, fromCopy] = await Promise.all([draw(template), draw(copy)]);
        // A copy cropped or scaled otherwise (say, stretched to the square) is off by several levels.
        expect(meanAbsoluteError(await rgb(fromOriginal.jpeg), await rgb(fromCopy.jpeg))).toBeLessThan(1.5);
      }
    });
  }

  it('show a tall template around its ground line, not its middle', async () => {
    const { template } = await layers();
    const { height } = NATIVE_SIZES['4:5'];
    const [centred, grounded] = await Promise.all([
      templateSquares({ native: template, watermarked: template }),
      templateSquares({ native: template, watermarked: template, groundY: 0.95 }),
    ]);
    // The green channel rises down the template: the grounded square starts lower, so it is greener.
    const green = async (jpeg: Buffer) => (await sharp(jpeg).resize(1, 1).raw().toBuffer())[1];
    const shift = (await green(grounded.hd)) - (await green(centred.hd));
    const expectedRows = 0.1 * height; // the 4:5 square is 0.8 of the height: centred from 0.1, grounded from 0.2
    expect(shift).toBeCloseTo((expectedRows / height) * 150, -0.5);
  });
});
