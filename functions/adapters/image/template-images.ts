/** The importer's TemplateImageMaker: any image, cropped to the native size, into the library's three files. */
import { templateImagesOf } from '@little-futures/image-engine/templates';
import sharp from 'sharp';
import { NotAnImageError, type TemplateImageMaker } from '../../core/admin/template-import-ports';

/** Decoding bombs: refuse images over this many pixels (a 16k × 16k PNG is tiny on disk). */
const MAX_INPUT_PIXELS = 100_000_000;
const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

export function createTemplateImageMaker(): TemplateImageMaker {
  return {
    async probe(bytes) {
      const meta = await sharp(bytes, options)
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height || meta.format === 'svg') throw new NotAnImageError();
      return { width: meta.width, height: meta.height };
    },
    async fromImage(bytes, { width, height }) {
      const pixels = await sharp(bytes, options)
        .rotate() // honour EXIF orientation; the output carries no metadata
        .resize(width, height, { fit: 'cover' })
        .ensureAlpha()
        .raw()
        .toBuffer()
        .catch(() => {
          throw new NotAnImageError();
        });
      return templateImagesOf(pixels, width, height);
    },
  };
}
