/**
 * The test pages' photos: any image, made uploadable in the browser as on /upload (use-test-image.ts),
 * then stored through the same upload routes as a parent's photo (a keepsake upload: the server
 * checks and normalises it, and makes no age previews of its own).
 */
import { messages } from '@shared/messages';
import { errorMessage } from '../../../lib/api-client';
import { uploadPhoto } from '../../../lib/upload-photo';

/** A photo the upload routes refused or could not take; its message is what the page shows. */
export class UploadStepError extends Error {}

/** Declares, sends and completes one upload; answers its id once the server has checked the file. */
export async function uploadTestImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  try {
    return await uploadPhoto(file, 'keepsake', { onPercent: onProgress });
  } catch (error) {
    throw new UploadStepError(`${messages.uploadFailedPrefix}${errorMessage(error, messages.uploadFailed)}`);
  }
}

/** "photo.jpg (1.2 MB)". */
export function describeFile(file: { name: string; size: number }): string {
  const size =
    file.size >= 1024 * 1024
      ? `${(file.size / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.ceil(file.size / 1024)} KB`;
  return `${file.name} (${size})`;
}
