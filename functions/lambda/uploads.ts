/** Lambda entry point: the uploads routes, over its own deps, built once per container. */
import { loadConfig } from '../adapters/config';
import { buildUploadsDeps } from '../adapters/roots/uploads';
import { createUploadsHandler } from '../handlers/uploads';

export const handler = createUploadsHandler(buildUploadsDeps(loadConfig()));
