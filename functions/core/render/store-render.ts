/**
 * The last step of every render, inline or hosted: store the preview and the private HD file (or
 * the source it is made from on its first download), complete the job exactly once, and tidy up
 * after a delivery that lost.
 */
import { createHash } from 'node:crypto';
import type { TargetAge } from '@shared/catalog';
import { storageKeys } from '@shared/deployment';
import { commitFiles } from '../commit-files';
import type { Deps } from '../deps';
import type { RenderJobRecord, RenderMessage, UploadRecord } from '../ports';
import { notifyRenderDone } from './notify-done';
import type { RenderOutcome } from './render-outcome';

const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/**
 * Content-addressed names: two racing deliveries never overwrite each other's files, and the
 * one that wins the conditional update is the one whose files are recorded.
 */
export function previewKeyFor(uploadId: string, age: TargetAge, preview: Buffer): string {
  return storageKeys.preview(uploadId, age, contentHash(preview));
}

export function hdKeyFor(uploadId: string, age: TargetAge, hd: Buffer): string {
  return storageKeys.hd(uploadId, age, contentHash(hd));
}

const hdSourceKeyFor = (uploadId: string, age: TargetAge, source: Buffer) =>
  storageKeys.hdSource(uploadId, age, contentHash(source));

export type RenderFiles = {
  hd: Buffer;
  /** `hd` is smaller than HD: stored as the source of the HD file its first download makes. */
  hdIsSource?: boolean;
  preview: Buffer;
};
export type StoredFiles = { previewKey: string; hdKey: string };

/**
 * The preview's face landmarks for the growth clip. A nicety, never a reason to fail a render: a
 * preview without them (no face found, or an error) gets a plainer clip in the browser.
 */
export async function previewLandmarks(
  deps: Pick<Deps, 'previewLandmarks' | 'logger'>,
  preview: Buffer,
  message: RenderMessage,
): Promise<RenderJobRecord['landmarks']> {
  if (!deps.previewLandmarks) return undefined;
  try {
    return (await deps.previewLandmarks.find(preview)) ?? undefined;
  } catch (error) {
    deps.logger.warn('could not find the landmarks of a preview', { ...message, error: String(error) });
    return undefined;
  }
}

/** Stores a finished render's two files and completes its job (storeFiles, then completeWithFiles). */
export async function storeAndComplete(
  deps: Pick<Deps, 'blobs' | 'logger' | 'mailer' | 'metrics' | 'uploads'>,
  {
    upload,
    job,
    landmarks,
    ...files
  }: {
    upload: UploadRecord;
    job: RenderJobRecord;
    landmarks?: Promise<RenderJobRecord['landmarks']>;
  } & RenderFiles,
  done: () => RenderOutcome,
): Promise<RenderOutcome> {
  const [stored, found] = await Promise.all([storeFiles(deps, upload, job.age, files), landmarks]);
  return completeWithFiles(deps, { upload, job, stored, landmarks: found }, done);
}

/** Writes a render's two files, pending until a job records them (completeWithFiles). */
export async function storeFiles(
  deps: Pick<Deps, 'blobs'>,
  upload: UploadRecord,
  age: TargetAge,
  { hd, hdIsSource, preview }: RenderFiles,
): Promise<StoredFiles> {
  const uploadId = upload.id;
  const anonymous = upload.owner.startsWith('session:');
  const previewKey = previewKeyFor(uploadId, age, preview);
  const hdKey = (hdIsSource ? hdSourceKeyFor : hdKeyFor)(uploadId, age, hd);
  await Promise.all([
    deps.blobs.put('renders', previewKey, preview, {
      contentType: 'image/jpeg',
      // A day, not forever: a deleted or expired child's photo must leave the CDN soon after.
      cacheControl: 'public, max-age=86400',
      anonymous,
      pending: true,
    }),
    // Pending until the job records them: a worker that dies before completeJob leaves no file for good.
    deps.blobs.put('renders', hdKey, hd, { contentType: 'image/jpeg', anonymous, pending: true }),
  ]);
  return { previewKey, hdKey };
}

/**
 * Completes the job with its stored files (once, whichever delivery wins) and a hosted render's
 * check; `done` says what the winner reports, `alsoWhenCompleted` runs beside the winner's last steps.
 */
export async function completeWithFiles(
  deps: Pick<Deps, 'blobs' | 'logger' | 'mailer' | 'metrics' | 'uploads'>,
  {
    upload,
    job,
    stored: { previewKey, hdKey },
    hostedCheck,
    landmarks,
  }: {
    upload: UploadRecord;
    job: RenderJobRecord;
    stored: StoredFiles;
    hostedCheck?: RenderJobRecord['hostedCheck'];
    /** The preview's face landmarks, when they were found. */
    landmarks?: RenderJobRecord['landmarks'];
  },
  done: () => RenderOutcome,
  alsoWhenCompleted?: () => Promise<void>,
): Promise<RenderOutcome> {
  const { id: uploadId } = upload;
  const { age } = job;
  const message = { uploadId, age };
  const anonymous = upload.owner.startsWith('session:');
  const completed = await deps.uploads.completeJob(uploadId, age, {
    previewKey,
    hdKey,
    hostedCheck,
    landmarks,
  });
  if (!completed) {
    await discardUnrecorded(deps, message, [previewKey, hdKey]);
    return { outcome: 'skipped', reason: 'not-processing' };
  }
  deps.metrics.count('RendersCompleted');
  const keepFiles = async () => {
    await commitFiles(deps, 'renders', [previewKey, hdKey], { anonymous }, message);
    if (anonymous) await keepIfMigrated(deps, uploadId, [previewKey, hdKey]);
  };
  // Only the delivery that completed the job gets here, so the email goes out once.
  await Promise.all([keepFiles(), notifyRenderDone(deps, job), alsoWhenCompleted?.()]);
  return done();
}

/**
 * Another delivery won, the upload was deleted while we rendered, or the identity guard refused
 * the result: files no job records would never be deleted with the upload, so remove them now
 * (identical renders share names: keep those).
 */
export async function discardUnrecorded(
  deps: Pick<Deps, 'blobs' | 'logger' | 'uploads'>,
  { uploadId, age }: RenderMessage,
  keys: string[],
) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  const job = found?.jobs.find((j) => j.age === age);
  const recorded = new Set([job?.previewKey, job?.hdKey]);
  const orphans = keys.filter((key) => !recorded.has(key));
  await deps.blobs.delete('renders', orphans).catch((error) => {
    deps.logger.warn('could not delete unrecorded render files', { uploadId, age, error: String(error) });
  });
  // An identical file the winner recorded: our put may have tagged it pending after its commit.
  const shared = keys.filter((key) => recorded.has(key));
  if (found && shared.length)
    await commitFiles(
      deps,
      'renders',
      shared,
      { anonymous: found.upload.owner.startsWith('session:') },
      {
        uploadId,
        age,
      },
    );
}

/** The upload joined an account while we rendered: its files must not expire as anonymous ones. */
async function keepIfMigrated(
  deps: Pick<Deps, 'blobs' | 'logger' | 'uploads'>,
  uploadId: string,
  keys: string[],
) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found || found.upload.owner.startsWith('session:')) return;
  await Promise.all(keys.map((key) => deps.blobs.clearAnonymousTag('renders', key))).catch((error) => {
    // A retry would find the job done and skip: this needs an operator, hence an error.
    deps.logger.error('could not clear the anonymous tag of a migrated render', {
      uploadId,
      keys,
      error: String(error),
    });
  });
}
