/**
 * HEIC photos (iPhones) decoded in the browser: sharp's prebuilt binaries cannot read them
 * (TOOLCHAIN-NOTES.md). The decoder (heic-to, libheif, LGPL-3.0) is its own file, fetched only when a
 * HEIC is chosen; its CSP build needs no eval, so the site's `script-src 'self'` holds.
 */
import { messages } from '@shared/messages';
import { sniffImageFormat } from '@shared/rules/upload-file';

const HEIC_TYPES = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];

/** By the bytes first (a renamed file is what it is), then by what the browser or the name says. */
export async function isHeic(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const format = sniffImageFormat(head);
  if (format === 'heic') return true;
  if (format !== 'unknown') return false;
  return HEIC_TYPES.includes(file.type.toLowerCase()) || /\.(heic|heif)$/i.test(file.name);
}

/** The photo as a JPEG, same name with .jpg; a file that only claims to be HEIC is refused clearly. */
export async function heicToJpeg(file: File, quality = 0.92): Promise<File> {
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  if (sniffImageFormat(head) !== 'heic') throw new Error(messages.notAHeic);
  // The User Timing entry (chunk fetch + decode + JPEG encode) is what bench:composer reports.
  performance.mark('heic-decode-start');
  const { heicTo } = await import('heic-to/csp');
  let jpeg: Blob;
  try {
    jpeg = await heicTo({ blob: file, type: 'image/jpeg', quality });
  } catch {
    throw new Error(messages.notAHeic);
  }
  performance.measure('heic-decode', 'heic-decode-start');
  const name = `${file.name.replace(/\.(heic|heif)$/i, '') || 'photo'}.jpg`;
  return new File([jpeg], name, { type: 'image/jpeg' });
}
