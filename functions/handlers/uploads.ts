/** HTTP API: a visitor's session, uploads (create, complete, status, retry a failed render, notify email, delete), HD files and HD previews. */
import type { UploadsDeps } from '../core/lambda-deps';
import { startSession } from '../core/sessions/visitor-sessions';
import { completeUpload } from '../core/uploads/complete-upload';
import { createUpload } from '../core/uploads/create-upload';
import { deleteUpload } from '../core/uploads/delete-upload';
import { downloadHd } from '../core/uploads/hd-download';
import { getHdPreviews } from '../core/uploads/hd-previews';
import { retryRender } from '../core/uploads/retry-render';
import { saveUploadEmail } from '../core/uploads/save-email';
import { getUpload } from '../core/uploads/upload-view';
import { pollable } from './http/responses';
import { asResult, createHttpHandler } from './http/router';

export type { UploadsDeps };

export const createUploadsHandler = (deps: UploadsDeps) =>
  createHttpHandler(
    'uploads',
    {
      startSession: (deps, { principal, body }) => startSession(deps, principal, body),
      createUpload: (deps, { principal, body }) => createUpload(deps, principal, body),
      completeUpload: (deps, { principal, params }) => completeUpload(deps, principal, params.uploadId),
      getUpload: async (deps, { principal, params, event }) =>
        asResult(pollable(await getUpload(deps, principal, params.uploadId), event.headers['if-none-match'])),
      saveUploadEmail: (deps, { principal, params, body }) =>
        saveUploadEmail(deps, principal, params.uploadId, body.email),
      retryRender: (deps, { principal, params }) => retryRender(deps, principal, params.uploadId, params.age),
      deleteUpload: (deps, { principal, params }) => deleteUpload(deps, principal, params.uploadId),
      downloadHd: (deps, { principal, params, body }) => downloadHd(deps, principal, params.uploadId, body),
      getHdPreviews: (deps, { principal, params }) => getHdPreviews(deps, principal, params.uploadId),
    },
    deps,
  );
