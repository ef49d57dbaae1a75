/** What the browser and the API both check about a file before it is uploaded (docs/product.md#validation-rules). */
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

export const UPLOAD_PURPOSES = ['previews', 'keepsake', 'composer'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** What each kind of upload may be: the age previews' rules or the composer's (docs/product.md#validation-rules). */
export const UPLOAD_RULES: Record<
  UploadPurpose,
  {
    maxBytes: number;
    minSidePx: number;
    types: readonly string[];
    tooLarge: MessageKey;
    tooSmall: MessageKey;
    wrongType: MessageKey;
  }
> = {
  previews: {
    maxBytes: MAX_UPLOAD_BYTES,
    minSidePx: 200,
    types: ACCEPTED_TYPES,
    tooLarge: 'fileTooLarge',
    tooSmall: 'photoTooSmall',
    wrongType: 'photoFormatUnsupported',
  },
  keepsake: {
    maxBytes: MAX_UPLOAD_BYTES,
    minSidePx: 200,
    types: ACCEPTED_TYPES,
    tooLarge: 'fileTooLarge',
    tooSmall: 'photoTooSmall',
    wrongType: 'photoFormatUnsupported',
  },
  // HEIC is decoded in the browser and arrives as a JPEG.
  composer: {
    maxBytes: 12 * 1024 * 1024,
    minSidePx: 1024,
    types: ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png'],
    tooLarge: 'composerFileTooLarge',
    tooSmall: 'composerPhotoTooSmall',
    wrongType: 'composerFileType',
  },
};

/** Size is checked first, then the declared type, as the upload screen does (docs/product.md#upload). */
export function checkDeclaredFile(
  file: { size: number; type: string },
  purpose: UploadPurpose = 'previews',
): FileCheck {
  const rules = UPLOAD_RULES[purpose];
  const type = file.type.toLowerCase();
  if (file.size > rules.maxBytes) return fail(rules.tooLarge);
  if (!type.startsWith('image/')) return fail('notAnImage');
  // Refused before a 10 MB upload rather than after it (GIF, HEIC, SVG...).
  if (!rules.types.includes(type)) return fail(rules.wrongType);
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

const HEIC_TYPES = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];

/** A HEIC (iPhone) photo by what the browser or the name says, before any byte is read (some browsers give no type). */
export function declaredHeic(file: { type: string; name: string }): boolean {
  return HEIC_TYPES.includes(file.type.toLowerCase()) || /\.(heic|heif)$/i.test(file.name);
}
export const MIN_PHOTO_SIDE_PX = UPLOAD_RULES.previews.minSidePx;
/** Decompression-bomb guard: 50 megapixels (a 20000×20000 PNG is 400). */
export const MAX_INPUT_PIXELS = 50_000_000;
