/**
 * The template seeder (docs/product.md#template-seeder): a JSON array of import items becomes
 * templates. Every item is validated and every image fetched and probed before anything is stored,
 * and any problem refuses them all; then each image is drawn into the template files the library
 * seeder makes, and the items are written in batches last, so a listed template has its images.
 * Near the platform's deadline no new fetch or drawing starts: what is done is imported, the rest is
 * answered as not imported (timed out), with nothing of it stored.
 */
import { storageKeys, TEMPLATE_SQUARES } from '@shared/deployment';
import { clampSafeArea, roundTo3 } from '@shared/rules/safe-area';
import {
  type ImportTemplatesResponse,
  MAX_IMPORT_IMAGE_BYTES,
  type NotImportedItem,
  type TemplateImportItem,
  validateImport,
} from '@shared/schemas/admin-templates';
import { type MomentTheme, NATIVE_SIZES, type TemplateCategory } from '@shared/templates';
import { mapLimit } from '../concurrency';
import type { Deps } from '../deps';
import { DomainError, type ItemIssue, ItemsRejectedError } from '../errors';
import type { TemplateImages, TemplateRecord } from '../moments/moments-ports';
import { toTemplateView } from '../moments/templates';
import { ImageFetchError, NotAnImageError } from './template-import-ports';

type ImportDeps = Pick<
  Deps,
  'templates' | 'blobs' | 'clock' | 'logger' | 'previewsBaseUrl' | 'imageFetcher' | 'templateImages'
>;

/** Fetches wait on the network, not the CPU. */
const PARALLEL_FETCHES = 8;
/**
 * Drawing is CPU work, with waits between its steps (storage, the encoders' hand-offs): three at a
 * time keep two cores busy (a micro-benchmark on two cores: about a fifth less wall time than two).
 */
const PARALLEL_DRAWINGS = 3;
const MB = 1024 * 1024;

/** The Moments chip of an imported template, when the item names none. */
const THEME_OF: Record<TemplateCategory, MomentTheme> = {
  Birthdays: 'birthday',
  Milestones: 'everyday',
  Holidays: 'christmas',
  Fantasy: 'fantasy',
  Sports: 'everyday',
  Seasons: 'everyday',
  Family: 'everyday',
  Adventure: 'animals',
};

/**
 * Time kept back for undoing the files and for the item writes: when less is left, no drawing starts,
 * rather than be cut off half-written by the platform's timeout.
 */
const RESERVE_MS = 5_000;
/**
 * Time kept back from the fetches for drawing what arrived (a few seconds for a few dozen images) and
 * the reserve above: when less is left no fetch starts, and those under way are stopped.
 */
export const FETCH_RESERVE_MS = 12_000;

export async function importTemplates(
  deps: ImportDeps,
  raw: unknown,
  /** Milliseconds left before the invocation is stopped. */
  remainingMs: () => number = () => Number.POSITIVE_INFINITY,
): Promise<ImportTemplatesResponse> {
  const checked = validateImport(raw);
  if (!checked.ok) {
    if (checked.reason === 'invalid_items')
      throw new ItemsRejectedError('invalid', 'importInvalidItems', checked.issues);
    const key = {
      not_an_array: 'invalidImportJson',
      empty: 'importEmpty',
      too_many: 'importTooMany',
    } as const;
    throw new DomainError('invalid', key[checked.reason], checked.reason);
  }
  const { items } = checked;
  const started = performance.now();
  const indexed = items.map((item, index) => ({ item, index }));

  // Every problem is listed, in item order, whichever finished first.
  const issues: ItemIssue[] = [];
  const problemAt = (index: number, error: unknown) =>
    issues.push({ index, field: 'imageUrl', message: imageProblem(error) });
  const listed = () => issues.sort((a, b) => a.index - b.index);

  // Items left out for lack of time; nothing of them is stored.
  const timedOut = new Set<number>();

  // 1. Every image read and probed; nothing is stored while any of them fails. Fetches under way when
  // the fetch deadline comes are stopped (the signal), and none starts after it.
  const fetchDeadline = deadlineSignal(remainingMs() - FETCH_RESERVE_MS);
  const sources: (Buffer | null)[] = await mapLimit(indexed, PARALLEL_FETCHES, async ({ item, index }) => {
    if (fetchDeadline?.aborted || remainingMs() < FETCH_RESERVE_MS) {
      timedOut.add(index);
      return null;
    }
    try {
      const bytes = await readImage(deps, item.imageUrl, fetchDeadline);
      await deps.templateImages.probe(bytes);
      return bytes;
    } catch (error) {
      if (error instanceof ImageFetchError && error.reason === 'cancelled') timedOut.add(index);
      else problemAt(index, error);
      return null;
    }
  });
  if (issues.length) throw new ItemsRejectedError('unprocessable', 'importImagesRejected', listed());
  const fetched = performance.now();

  // 2. The files, under fresh ids (never over an existing template's); undone if any drawing fails.
  const now = deps.clock.now().getTime();
  const written: string[] = [];
  let outOfTime = false;
  const drawn = await mapLimit(indexed, PARALLEL_DRAWINGS, async ({ item, index }) => {
    const bytes = sources[index];
    sources[index] = null; // the garbage collector may have it once drawn
    if (!bytes) return null;
    outOfTime ||= remainingMs() < RESERVE_MS;
    if (outOfTime) {
      timedOut.add(index);
      return null;
    }
    const id = crypto.randomUUID();
    try {
      const size = item.nativeSize ?? NATIVE_SIZES[item.orientation];
      const images = await deps.templateImages.fromImage(bytes, size);
      await storeImages(deps, id, images, written);
      return toRecord(item, id, images, new Date(now + index).toISOString());
    } catch (error) {
      if (!(error instanceof NotAnImageError)) deps.logger.warn('template import drawing failed', { index });
      problemAt(index, error);
      return null;
    }
  });
  if (issues.length) {
    await deps.blobs.delete('renders', written);
    throw new ItemsRejectedError('unprocessable', 'importImagesRejected', listed());
  }

  // 3. The items last, in batches: only those whose files are all stored.
  const records = drawn.filter((record): record is TemplateRecord => record !== null);
  const filed = performance.now();
  if (records.length) await deps.templates.putTemplates(records);
  const notImported: NotImportedItem[] = [...timedOut]
    .sort((a, b) => a - b)
    .map((index) => ({ index, name: items[index].name, reason: 'timed_out' }));
  if (notImported.length) {
    deps.logger.warn('template import out of time', { count: items.length, notImported: notImported.length });
  }
  deps.logger.info('templates imported', {
    count: records.length,
    readMs: Math.round(fetched - started),
    drawMs: Math.round(filed - fetched),
    writeMs: Math.round(performance.now() - filed),
  });
  return {
    imported: records.length,
    templates: records.map((r) => toTemplateView(deps, r)),
    notImported,
  };
}

/** Aborts in `ms` (at once when none is left); undefined when the platform sets no deadline. */
function deadlineSignal(ms: number): AbortSignal | undefined {
  if (!Number.isFinite(ms)) return undefined;
  return AbortSignal.timeout(Math.max(0, Math.floor(ms)));
}

/** A data: URL is decoded here; anything else goes through the guarded fetcher. */
async function readImage(
  deps: Pick<Deps, 'imageFetcher'>,
  url: string,
  signal: AbortSignal | undefined,
): Promise<Buffer> {
  const data = /^data:image\/[\w.+-]+;base64,(.*)$/is.exec(url);
  if (!data) return deps.imageFetcher.fetch(url, signal ? { signal } : undefined);
  // base64 is 4 characters per 3 bytes: refuse before decoding a huge string.
  if ((data[1].length * 3) / 4 > MAX_IMPORT_IMAGE_BYTES + 2) throw tooLarge();
  return Buffer.from(data[1], 'base64');
}

const tooLarge = () =>
  new ImageFetchError('too_large', `the image is larger than ${MAX_IMPORT_IMAGE_BYTES / MB} MB`);

function imageProblem(error: unknown): string {
  if (error instanceof ImageFetchError) return error.message;
  if (error instanceof NotAnImageError) return 'this is not an image (it could not be decoded)';
  return 'the image could not be made into a template';
}

async function storeImages(deps: Pick<Deps, 'blobs'>, id: string, images: TemplateImages, written: string[]) {
  const cache = { cacheControl: 'public, max-age=86400' };
  const files = [
    { key: storageKeys.template(id, 'native.jpg'), body: images.native, opts: { contentType: 'image/jpeg' } },
    {
      key: storageKeys.template(id, 'wm.jpg'),
      body: images.watermarked,
      opts: { contentType: 'image/jpeg', ...cache },
    },
    {
      key: storageKeys.template(id, 'thumb.webp'),
      body: images.thumb,
      opts: { contentType: 'image/webp', ...cache },
    },
    // The private square copies Moments keepsakes are drawn from (as storeTemplate writes them).
    ...Object.entries(TEMPLATE_SQUARES).map(([name, square]) => ({
      key: storageKeys.templateSquare(id, square),
      body: images.squares[name as keyof typeof TEMPLATE_SQUARES],
      opts: { contentType: 'image/jpeg' },
    })),
  ];
  written.push(...files.map((f) => f.key));
  await Promise.all(files.map((f) => deps.blobs.put('renders', f.key, f.body, f.opts)));
}

/** Imported as active, display order 0, the child placed over the safe area, unrotated. */
function toRecord(
  item: TemplateImportItem,
  id: string,
  images: { width: number; height: number },
  createdAt: string,
): TemplateRecord {
  const { xPct, yPct, wPct, hPct, anchor } = item.safeArea;
  const safeArea = clampSafeArea({ x: xPct, y: yPct, width: wPct, height: hPct, anchor });
  return {
    id,
    sceneName: item.name,
    theme: item.theme ?? THEME_OF[item.category],
    category: item.category,
    orientation: item.orientation,
    nativeWidth: images.width,
    nativeHeight: images.height,
    safeArea,
    status: 'active',
    displayOrder: 0,
    createdAt,
    imageSource: `import:${item.templateId ?? id}`,
    placement: {
      x: roundTo3(safeArea.x + safeArea.width / 2),
      y: roundTo3(safeArea.y + safeArea.height / 2),
      width: safeArea.width,
      height: safeArea.height,
      rotation: 0,
    },
  };
}
