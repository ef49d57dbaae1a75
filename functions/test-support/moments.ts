/**
 * Moments fixtures for tests over any Deps (fakes or emulators): a published template with its
 * images stored, and a cut-out given to an upload without running background removal (which has
 * its own tests), so route and use-case tests stay fast.
 */
import { storageKeys, TEMPLATE_SQUARES } from '@shared/deployment';
import { NATIVE_SIZES, type TemplateStatus } from '@shared/templates';
import sharp from 'sharp';
import type { Deps } from '../core/deps';
import type { DraftRecord, TemplateRecord } from '../core/moments/moments-ports';

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A 1:1 template, stored with native, watermarked and thumbnail images and its square copies. */
export async function givenTemplate(
  deps: Pick<Deps, 'templates' | 'blobs' | 'clock'>,
  overrides: Partial<TemplateRecord> = {},
): Promise<TemplateRecord> {
  const { width, height } = NATIVE_SIZES['1:1'];
  const template: TemplateRecord = {
    id: crypto.randomUUID(),
    sceneName: 'Test Meadow',
    theme: 'everyday',
    category: 'Family',
    orientation: '1:1',
    nativeWidth: width,
    nativeHeight: height,
    safeArea: { x: 0.25, y: 0.25, width: 0.5, height: 0.5, anchor: 'center' },
    status: 'approved' satisfies TemplateStatus,
    displayOrder: 0,
    imageSource: 'test:fixture',
    createdAt: deps.clock.now().toISOString(),
    ...overrides,
  };
  const [native, wm, thumb] = await Promise.all([
    solid(width, height, '#8fd18f'),
    solid(width, height, '#9fd19f'),
    sharp({ create: { width: 480, height: 480, channels: 3, background: '#8fd18f' } })
      .webp()
      .toBuffer(),
  ]);
  await Promise.all([
    deps.blobs.put('renders', storageKeys.template(template.id, 'native.jpg'), native, {
      contentType: 'image/jpeg',
    }),
    deps.blobs.put('renders', storageKeys.template(template.id, 'wm.jpg'), wm, { contentType: 'image/jpeg' }),
    deps.blobs.put('renders', storageKeys.template(template.id, 'thumb.webp'), thumb, {
      contentType: 'image/webp',
    }),
  ]);
  await Promise.all(
    Object.values(TEMPLATE_SQUARES).map(async (square) =>
      deps.blobs.put(
        'renders',
        storageKeys.templateSquare(template.id, square),
        await solid(square.size, square.size, '#8fc18f'),
        { contentType: 'image/jpeg' },
      ),
    ),
  );
  await deps.templates.putTemplate(template);
  return template;
}

/** Stores a cut-out (an opaque-centred PNG), its source and its copy for free keepsakes, as createCutout does. */
export async function givenCutout(deps: Pick<Deps, 'uploads' | 'blobs' | 'clock'>, uploadId: string) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new Error(`no upload ${uploadId}`);
  const { owner } = found.upload;
  const width = 300;
  const height = 400;
  const png = await sharp({
    create: { width, height, channels: 4, background: { r: 220, g: 120, b: 90, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const source = await solid(width, height, '#dc785a');
  const anonymous = owner.startsWith('session:');
  await deps.blobs.put('uploads', storageKeys.cutout(owner, uploadId), png, {
    contentType: 'image/png',
    anonymous,
  });
  await deps.blobs.put('uploads', storageKeys.cutoutSource(owner, uploadId), source, {
    contentType: 'image/jpeg',
    anonymous,
  });
  const small = await sharp(png)
    .resize({ width: width / 2 })
    .png()
    .toBuffer();
  await deps.blobs.put('uploads', storageKeys.cutoutCopy(owner, uploadId), small, {
    contentType: 'image/png',
    anonymous,
  });
  const createdAt = deps.clock.now().toISOString();
  await deps.uploads.saveCutout(uploadId, { width, height, createdAt }, owner);
}

/** A draft record as the stores keep it (nothing else written), for the store tests. */
export function draftRecord(userSub: string, overrides: Partial<DraftRecord> = {}): DraftRecord {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    userSub,
    name: 'Snowy Night',
    templateId: crypto.randomUUID(),
    templateName: 'Snowy Night',
    theme: 'christmas',
    uploadId: crypto.randomUUID(),
    placement: { x: 0.5, y: 0.5, scale: 0.3, rotation: 0 },
    strokes: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}
