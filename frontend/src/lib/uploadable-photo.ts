/**
 * Any photo a phone makes, made into one the upload routes take (JPEG, PNG or WEBP): a HEIC is
 * decoded by lib/heic.ts (its decoder loads only then); any other image the browser can read (a
 * GIF's first frame, BMP, AVIF...) is redrawn as a JPEG. The upload checks then apply to what is
 * sent (docs/product.md#upload), so the server's checks are the only other refusals.
 */
import { messages } from '@shared/messages';
import { ACCEPTED_TYPES, checkDeclaredFile, declaredHeic, MAX_INPUT_PIXELS } from '@shared/rules/upload-file';

export type UploadablePhoto = { ok: true; file: File } | { ok: false; message: string };

const JPEG_QUALITY = 0.92;

/**
 * A HEIC (by its type or name), or an image the server does not take as it is (GIF, BMP, AVIF...).
 * Anything else, a JPEG, PNG or WEBP or a file that is no image at all, is checked as it is, at once.
 */
export function needsConversion(file: File): boolean {
  const type = file.type.toLowerCase();
  if (declaredHeic(file)) return true;
  return type.startsWith('image/') && !(ACCEPTED_TYPES as readonly string[]).includes(type);
}

/** The upload checks (size first, then type: docs/product.md#upload) of the file as it is. */
export function checkAsIs(file: File): UploadablePhoto {
  const check = checkDeclaredFile(file);
  return check.ok ? { ok: true, file } : { ok: false, message: check.message };
}

/** The photo converted where needed, then checked as it will be sent. */
export async function toUploadablePhoto(chosen: File): Promise<UploadablePhoto> {
  if (!needsConversion(chosen)) return checkAsIs(chosen);
  try {
    // Loaded only now, so a JPEG's page never fetches it. The bytes decide: a JPEG that calls itself HEIC is redrawn.
    const { heicToJpeg, isHeic } = await import('./heic');
    const converted = (await isHeic(chosen))
      ? await heicToJpeg(chosen, JPEG_QUALITY)
      : await redrawAsJpeg(chosen);
    return checkAsIs(converted);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : messages.photoUnreadable };
  }
}

/** The image (an animation's first frame) as a JPEG on white, so a transparent GIF stays readable. */
async function redrawAsJpeg(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(messages.photoUnreadable);
  }
  // The server's decompression-bomb guard, before the canvas takes the memory.
  if (bitmap.width * bitmap.height > MAX_INPUT_PIXELS) {
    bitmap.close();
    throw new Error(messages.photoTooBig);
  }
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
  }
  bitmap.close();
  const jpeg = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  canvas.width = canvas.height = 0;
  if (!context || !jpeg) throw new Error(messages.photoUnreadable);
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
  return new File([jpeg], name, { type: 'image/jpeg' });
}
