/**
 * The composer's upload rules in the browser (docs/product.md#composer-wizard): at most 12 MB, JPEG, PNG or HEIC, at least
 * 1024 px on the short edge. HEIC is decoded here (its library loads only when a HEIC is chosen)
 * and sent as a JPEG; the checks apply to what is sent.
 */
import { messages } from '@shared/messages';
import { UPLOAD_RULES } from '@shared/rules/upload-file';
import { PhotoCheckError } from '../../../lib/use-photo-cutout';

const rules = UPLOAD_RULES.composer;

export async function preparePhoto(chosen: File, onConverting: () => void): Promise<File> {
  if (chosen.size > rules.maxBytes) throw new PhotoCheckError(messages.composerFileTooLarge);
  let file = chosen;
  // The HEIC module comes with the first photo, not with the composer (/upload loads it the same way).
  const { heicToJpeg, isHeic } = await import('../../../lib/heic');
  if (await isHeic(chosen)) {
    onConverting();
    try {
      file = await heicToJpeg(chosen);
    } catch (error) {
      throw new PhotoCheckError(error instanceof Error ? error.message : messages.notAHeic);
    }
  } else if (!rules.types.includes(chosen.type.toLowerCase())) {
    throw new PhotoCheckError(messages.composerFileType);
  }
  if (file.size > rules.maxBytes) throw new PhotoCheckError(messages.composerFileTooLarge);
  const { width, height } = await imageSize(file);
  if (Math.min(width, height) < rules.minSidePx) throw new PhotoCheckError(messages.composerPhotoTooSmall);
  return file;
}

/** Oriented size, as the server will see it after applying EXIF orientation. */
async function imageSize(file: File): Promise<{ width: number; height: number }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoCheckError(messages.photoUnreadable);
  }
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}
