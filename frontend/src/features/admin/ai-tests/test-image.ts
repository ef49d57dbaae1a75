/**
 * The test pages' photos: checked in the browser (JPEG or PNG; 'Please select an image file'
 * otherwise), then stored through the same upload routes as a parent's photo (a keepsake upload:
 * the server checks and normalises it, and makes no age previews of its own).
 */
import { messages } from '@shared/messages';
import { callApi } from '../../../lib/api-client';
import { putFile } from '../../../lib/put-file';

/** What the test pages accept (browsers name JPEG in three ways). */
export const TEST_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png'] as const;
export const TEST_IMAGE_ACCEPT = 'image/jpeg,image/png';

/** Null when the file is a JPEG or PNG; else the message the page shows. */
export function testImageProblem(file: { type: string }): string | null {
  return (TEST_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())
    ? null
    : messages.notAnImage;
}

/** Declares, sends and completes one upload; answers its id once the server has checked the file. */
export async function uploadTestImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const created = await callApi('createUpload', {
    body: { contentType: file.type, size: file.size, fileName: file.name.slice(0, 255), purpose: 'keepsake' },
  });
  await putFile(created.uploadUrl, file, created.headers, (f) => onProgress(Math.round(f * 100)));
  await callApi('completeUpload', { params: { uploadId: created.uploadId } });
  return created.uploadId;
}

/** "photo.jpg (1.2 MB)". */
export function describeFile(file: { name: string; size: number }): string {
  const size =
    file.size >= 1024 * 1024
      ? `${(file.size / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.ceil(file.size / 1024)} KB`;
  return `${file.name} (${size})`;
}
