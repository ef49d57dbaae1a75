/** Geometry of the share composite (docs/product.md#share-dialog): 3 square tiles, padding, caption band, rounded corners. */
export const SHARE_TILE_PX = 400;
export const SHARE_PADDING_PX = 20;
export const SHARE_CAPTION_PX = 120;
export const SHARE_RADIUS_PX = 16;
export const SHARE_JPEG_QUALITY = 0.95;
export const SHARE_FILE_NAME = 'my-baby-future.jpg';
export const SHARE_TITLE = "See Your Baby's Future!";
export const SHARE_CREDIT = 'Made with Little Futures';

export type Rect = { x: number; y: number; width: number; height: number };

export type ShareLayout = {
  width: number;
  height: number;
  tiles: (Rect & { label: string })[];
  /** Baseline of each tile's "Age {n}" label, below the tile. */
  labelY: number;
  titleY: number;
  creditY: number;
};

export type ShareSource = { age: number; previewUrl: string | null };

/** The three lowest-age jobs that have an image, or null when fewer than three are ready. */
export function pickShareJobs<T extends ShareSource>(jobs: readonly T[]): T[] | null {
  const ready = jobs.filter((j) => j.previewUrl).sort((a, b) => a.age - b.age);
  return ready.length >= 3 ? ready.slice(0, 3) : null;
}

export function shareLayout(ages: readonly number[]): ShareLayout {
  const n = ages.length;
  const width = n * SHARE_TILE_PX + (n + 1) * SHARE_PADDING_PX;
  // Title band on top (caption area), tiles, then a label band of the same height below.
  const tileY = SHARE_CAPTION_PX;
  const height = SHARE_CAPTION_PX + SHARE_TILE_PX + SHARE_CAPTION_PX;
  const tiles = ages.map((age, i) => ({
    x: SHARE_PADDING_PX + i * (SHARE_TILE_PX + SHARE_PADDING_PX),
    y: tileY,
    width: SHARE_TILE_PX,
    height: SHARE_TILE_PX,
    label: `Age ${age}`,
  }));
  return {
    width,
    height,
    tiles,
    labelY: tileY + SHARE_TILE_PX + 50,
    titleY: 70,
    creditY: height - 25,
  };
}

/** "10, 16 and 21": the ages as a sentence says them. */
function agesInWords(ages: readonly number[]): string {
  return ages.length > 1 ? `${ages.slice(0, -1).join(', ')} and ${ages.at(-1)}` : ages.join('');
}

/** The post's text names the ages the composite shows (the three lowest ready: 2, 5 and 10 after a bundle). */
export function shareText(origin: string, uploadId: string, ages: readonly number[]) {
  const url = `${origin}/result/${uploadId}`;
  const text = ages.length
    ? `${SHARE_TITLE} Here's our little one at ages ${agesInWords(ages)} ✨`
    : `${SHARE_TITLE} ✨`;
  return {
    url,
    text,
    twitter: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  };
}
