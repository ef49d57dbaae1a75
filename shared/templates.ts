/**
 * The template vocabulary (docs/product.md#composer-gallery; docs/architecture.md#keepsakes): Moments
 * themes (the gallery chips), composer categories, orientations with their native sizes, statuses
 * and the default safe area. Pure TypeScript, used by the browser, the Lambdas and the seeder.
 */

/** The Moments gallery chips besides "all". A template carries one theme. */
export const MOMENT_THEMES = [
  'christmas',
  'birthday',
  'fantasy',
  'halloween',
  'animals',
  'everyday',
] as const;
export type MomentTheme = (typeof MOMENT_THEMES)[number];

/** Composer gallery categories (the importer's help text lists only the first six). */
export const TEMPLATE_CATEGORIES = [
  'Birthdays',
  'Milestones',
  'Holidays',
  'Fantasy',
  'Sports',
  'Seasons',
  'Family',
  'Adventure',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const ORIENTATIONS = ['1:1', '4:5', '9:16'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** How the composer gallery's filter names each orientation. */
export const ORIENTATION_LABELS: Record<Orientation, string> = {
  '1:1': '1:1 Square',
  '4:5': '4:5 Portrait',
  '9:16': '9:16 Vertical',
};

export const NATIVE_SIZES: Record<Orientation, { width: number; height: number }> = {
  '1:1': { width: 2048, height: 2048 },
  '4:5': { width: 1638, height: 2048 },
  '9:16': { width: 1152, height: 2048 },
};

/**
 * active = published (listed in Moments); approved = published with a reviewed safe area (listed
 * in Moments and in the composer gallery); draft = not listed anywhere.
 */
export const TEMPLATE_STATUSES = ['draft', 'active', 'approved'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const MOMENTS_STATUSES: readonly TemplateStatus[] = ['active', 'approved'];

export const SAFE_AREA_ANCHORS = ['center', 'left', 'right', 'top', 'bottom'] as const;
export type SafeAreaAnchor = (typeof SAFE_AREA_ANCHORS)[number];

/** Fractions 0–1 of the template's width and height. */
export type SafeArea = { x: number; y: number; width: number; height: number; anchor: SafeAreaAnchor };

/** Default new-template values (docs/product.md#template-editor). */
export const DEFAULT_SAFE_AREA: SafeArea = { x: 0.25, y: 0.25, width: 0.5, height: 0.5, anchor: 'center' };

/** Gallery thumbnails: WEBP this wide, at most this many bytes. */
export const THUMB_WIDTH_PX = 480;
export const THUMB_MAX_BYTES = 40 * 1024;

/** The {product} of the composer's export file name, "{product}_{templateId}_{timestamp}.jpg". */
export const EXPORT_FILE_PRODUCT = 'little-futures';
