/** What the browser and the API both check about a file before it is uploaded (§5). */
import { MAX_UPLOAD_BYTES } from '../catalog';
import { type MessageKey, messages } from '../messages';

export type FileCheck = { ok: true } | { ok: false; messageKey: MessageKey; message: string };

const fail = (messageKey: MessageKey): FileCheck => ({
  ok: false,
  messageKey,
  message: messages[messageKey],
});

/** Declared types the pipeline accepts (browsers name JPEG in three ways). */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp'] as const;

/** Size is checked first, then the declared type, as the spec's upload screen does. */
export function checkDeclaredFile(file: { size: number; type: string }): FileCheck {
  const type = file.type.toLowerCase();
  if (file.size > MAX_UPLOAD_BYTES) return fail('fileTooLarge');
  if (!type.startsWith('image/')) return fail('notAnImage');
  // Refused before a 10 MB upload rather than after it (GIF, HEIC, SVG...).
  if (!(ACCEPTED_TYPES as readonly string[]).includes(type)) return fail('photoFormatUnsupported');
  if (file.size === 0) return fail('photoUnreadable');
  return { ok: true };
}

/** Image formats the render pipeline accepts, by their magic bytes. */
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'avif' | 'unknown';

export function sniffImageFormat(head: Uint8Array): SniffedFormat {
  const at = (i: number) => head[i];
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (at(0) === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 3) === 'GIF') return 'gif';
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand.startsWith('avi')) return 'avif';
    if (['heic', 'heix', 'mif1', 'msf1', 'hevc'].includes(brand)) return 'heic';
  }
  return 'unknown';
}

export const ACCEPTED_FORMATS: readonly SniffedFormat[] = ['jpeg', 'png', 'webp'];
export const MIN_PHOTO_SIDE_PX = 200;
/** Decompression-bomb guard: 50 megapixels (a 20000×20000 PNG is 400). */
export const MAX_INPUT_PIXELS = 50_000_000;
