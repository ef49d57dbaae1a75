/**
 * The age test on the deployment's demo image (AGE_TEST_DEMO_IMAGE, shared/rules/demo-image.ts):
 * the server reads the image (a guarded fetch of a URL, a data: URL, or a key in one of the app's
 * buckets), checks and normalises it as an upload's photo, stores it as the operator's own upload
 * and runs the same test as on an uploaded file. Every way the setting can be wrong is a 4xx that
 * says what to fix.
 */

import type { TargetAge } from '@shared/catalog';
import { storageKeys } from '@shared/deployment';
import type { DemoImageSource } from '@shared/rules/demo-image';
import { UPLOAD_RULES } from '@shared/rules/upload-file';
import { commitFiles } from '../commit-files';
import type { Deps } from '../deps';
import { DomainError, PhotoRejectedError } from '../errors';
import type { ImageAIAnswers } from '../image-ai';
import type { Principal, UploadRecord } from '../ports';
import { requireUser } from '../uploads/ownership';
import { startAgeTest } from './ai-tests';
import { ImageFetchError } from './template-import-ports';

/** The demo photo is checked as a keepsake upload is: same size, format and pixel rules. */
const RULES = UPLOAD_RULES.keepsake;

/** S3's answers for a key that is not there (AccessDenied: no ListBucket, as in AWS). */
const MISSING_OBJECT = new Set(['NoSuchKey', 'NotFound', 'AccessDenied']);

type DemoAgeTestDeps = Pick<
  Deps,
  | 'ageTestDemoImage'
  | 'blobs'
  | 'clock'
  | 'imageFetcher'
  | 'inspector'
  | 'logger'
  | 'previewsBaseUrl'
  | 'renderQueue'
  | 'uploads'
> & { imageAI: ImageAIAnswers };

export async function startDemoAgeTest(
  deps: DemoAgeTestDeps,
  principal: Principal,
  request: { targetAge: TargetAge },
) {
  const user = requireUser(principal);
  const setting = deps.ageTestDemoImage;
  if (!setting) throw new DomainError('conflict', 'aiTestDemoImageUnset');
  if (setting.kind === 'invalid') throw new DomainError('unprocessable', 'aiTestDemoImageInvalid');
  const photo = await normalised(deps, await readDemoImage(deps, setting));

  const upload: UploadRecord = {
    id: crypto.randomUUID(),
    owner: `user:${user.sub}`,
    status: 'awaiting_file',
    incomingKey: '',
    declaredType: 'image/jpeg',
    declaredSize: photo.length,
    migrated: false,
    purpose: 'keepsake',
    createdAt: deps.clock.now().toISOString(),
  };
  // Written as a completed upload writes its clean copy: pending until the table records it.
  const fileKey = storageKeys.original(upload.owner, upload.id);
  await deps.uploads.createUpload(upload);
  await deps.blobs.put('uploads', fileKey, photo, { contentType: 'image/jpeg', pending: true });
  if (!(await deps.uploads.markReadyWithJobs(upload, fileKey, []))) {
    throw new DomainError('conflict', 'alreadyProcessing');
  }
  await commitFiles(deps, 'uploads', [fileKey], { anonymous: false }, { uploadId: upload.id });
  return startAgeTest(deps, principal, { uploadId: upload.id, targetAge: request.targetAge });
}

async function readDemoImage(deps: DemoAgeTestDeps, source: DemoImageSource): Promise<Buffer> {
  switch (source.kind) {
    case 'data':
      return Buffer.from(source.base64, 'base64');
    case 'url':
      try {
        return await deps.imageFetcher.fetch(source.url);
      } catch (error) {
        if (!(error instanceof ImageFetchError)) throw error;
        deps.logger.warn('the age test demo image could not be fetched', { reason: error.reason });
        throw new DomainError('unprocessable', 'aiTestDemoImageUnreachable', `demo_image_${error.reason}`);
      }
    case 'object':
      try {
        return await deps.blobs.get(source.bucket, source.key);
      } catch (error) {
        if (!MISSING_OBJECT.has((error as Error).name)) throw error;
        throw new DomainError('unprocessable', 'aiTestDemoImageMissing');
      }
  }
}

/** The photo rules of an upload, told as the setting's fault rather than as a parent's file. */
async function normalised(deps: Pick<Deps, 'inspector'>, bytes: Buffer): Promise<Buffer> {
  const notAPhoto = (code: string) => new DomainError('unprocessable', 'aiTestDemoImageNotAPhoto', code);
  if (bytes.length === 0 || bytes.length > RULES.maxBytes) throw notAPhoto('demo_image_size');
  try {
    return (await deps.inspector.normalise(bytes, { minSidePx: RULES.minSidePx, tooSmall: RULES.tooSmall }))
      .jpeg;
  } catch (error) {
    if (error instanceof PhotoRejectedError) throw notAPhoto(`demo_image_${error.code}`);
    throw error;
  }
}
