/**
 * Fakes of the image ports that need no model: tiny real JPEGs (8×8 pixels of noise drawn from a
 * seed, so different seeds give different bytes), the inspector and the preview maker.
 */

import { createHash } from 'node:crypto';
import type { MessageKey } from '@shared/messages';
import { ACCEPTED_FORMATS, sniffImageFormat } from '@shared/rules/upload-file';
import sharp from 'sharp';
import { PhotoRejectedError } from '../../core/errors';
import type { HdEnlarger, ImageInput, PreviewMaker, UnmarkedPreviewMaker } from '../../core/image-ai';
import type { ComposerDrawing, KeepsakeDrawing, KeepsakeRenderer } from '../../core/moments/moments-ports';
import type { ImageInspector } from '../../core/ports';

export const TINY_SIDE = 8;

export const hashOf = (image: ImageInput | string) =>
  createHash('sha256')
    .update(typeof image === 'string' || Buffer.isBuffer(image) ? image : image.data)
    .digest('hex');

/** A JPEG of TINY_SIDE² pixels whose noise is drawn from `seed`: same seed, same bytes. */
export async function tinyJpeg(seed: string): Promise<Buffer> {
  const pixels = Buffer.alloc(TINY_SIDE * TINY_SIDE * 3);
  for (let offset = 0, round = 0; offset < pixels.length; round++) {
    offset += createHash('sha256').update(`${seed}#${round}`).digest().copy(pixels, offset);
  }
  return sharp(pixels, { raw: { width: TINY_SIDE, height: TINY_SIDE, channels: 3 } })
    .jpeg()
    .toBuffer();
}

export type FakeImageInspector = ImageInspector & {
  /** When set, every photo is refused with this reason (too small, unreadable...). */
  rejectWith: MessageKey | null;
};

/** Refuses what is not an accepted image by its magic bytes; the normalised copy is a tiny JPEG. */
export function createFakeImageInspector(): FakeImageInspector {
  const inspector: FakeImageInspector = {
    rejectWith: null,
    async normalise(bytes) {
      const format = sniffImageFormat(bytes.subarray(0, 32));
      if (format === 'unknown') throw new PhotoRejectedError('notAnImage');
      if (!ACCEPTED_FORMATS.includes(format)) throw new PhotoRejectedError('photoFormatUnsupported');
      if (inspector.rejectWith) throw new PhotoRejectedError(inspector.rejectWith);
      const jpeg = await tinyJpeg(`normalised:${hashOf(bytes)}`);
      return { jpeg, width: TINY_SIDE, height: TINY_SIDE };
    },
  };
  return inspector;
}

/** A preview is the image made smaller (it must be a decodable image, as for the real maker). */
export function createFakePreviewMaker(): PreviewMaker {
  return {
    async preview(image) {
      const input = Buffer.isBuffer(image)
        ? sharp(image)
        : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
      const jpeg = await input
        .resize(TINY_SIDE / 2, TINY_SIDE / 2)
        .jpeg()
        .toBuffer();
      return { jpeg, timings: { watermark: 1, encode: 1 } };
    },
  };
}

/** Enlarging is sharp's plain resize here, counted (the real one: image-engine/src/upscale.ts). */
export function createFakeHdEnlarger(): HdEnlarger & { enlarged: number } {
  const enlarger = {
    enlarged: 0,
    async enlarge(source: Buffer, size: number) {
      enlarger.enlarged++;
      return sharp(source).resize(size, size).jpeg().toBuffer();
    },
  };
  return enlarger;
}

/** The HD picture shrunk to a 640 px square JPEG, as the preview's size (the real one also re-frames). */
export function createFakeUnmarkedPreviews(): UnmarkedPreviewMaker {
  return { unmarked: (hd) => sharp(hd).resize(640, 640).jpeg().toBuffer() };
}

export type FakeKeepsakeRenderer = KeepsakeRenderer & {
  drawings: KeepsakeDrawing[];
  compositions: ComposerDrawing[];
};

/** Records what it was asked to draw and answers a small JPEG (the real drawing has its own tests). */
export function createFakeKeepsakeRenderer(): FakeKeepsakeRenderer {
  const drawings: KeepsakeDrawing[] = [];
  const compositions: ComposerDrawing[] = [];
  return {
    drawings,
    compositions,
    async render(drawing) {
      drawings.push(drawing);
      const side = Math.max(1, Math.round(drawing.size / 100));
      const jpeg = await sharp({
        create: { width: side, height: side, channels: 3, background: drawing.watermark ? '#888' : '#fff' },
      })
        .jpeg()
        .toBuffer();
      return { jpeg, timings: { load: 0, decode: 0, draw: 0, encode: 0 } };
    },
    async cutoutCopy(png) {
      return Buffer.concat([Buffer.from('copy of '), png]);
    },
    async renderComposition(drawing) {
      compositions.push(drawing);
      const size = {
        width: Math.max(1, Math.round(drawing.width / 100)),
        height: Math.max(1, Math.round(drawing.height / 100)),
      };
      const jpeg = await sharp({ create: { ...size, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer();
      return { jpeg, timings: { load: 0, decode: 0, draw: 0, encode: 0 } };
    },
  };
}
