/**
 * A prediction's output image: its URL found in the output, downloaded with a size limit (counted
 * while reading, not only from Content-Length), and decoded to check it is an image at all.
 * Output URLs are public delivery links: the API token is never sent to them.
 */
import { MAX_INPUT_PIXELS } from '@shared/rules/upload-file';
import sharp from 'sharp';
import { HostedModelError } from './hosted-model-error';

export const MAX_OUTPUT_BYTES = 20 * 1024 * 1024;
export const OUTPUT_TOO_LARGE = "The AI provider's output is too large";
const DOWNLOAD_TIMEOUT_MS = 60_000;

export type Fetch = typeof globalThis.fetch;

/** The first image URL of an output: one URL, or a list of them (text-to-image models). */
export function outputUrlOf(output: unknown): string | null {
  const first = Array.isArray(output) ? output[0] : output;
  return typeof first === 'string' && first.length > 0 ? first : null;
}

function fromDataUri(uri: string, maxBytes: number): Buffer {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new HostedModelError("The AI provider's output is a malformed data URI");
  const meta = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  // Base64 takes 4 characters per 3 bytes: refuse before decoding a huge string.
  const estimate = meta.endsWith(';base64') ? Math.floor((payload.length * 3) / 4) : payload.length;
  if (estimate > maxBytes) throw new HostedModelError(OUTPUT_TOO_LARGE);
  const bytes = meta.endsWith(';base64')
    ? Buffer.from(payload, 'base64')
    : Buffer.from(decodeURIComponent(payload), 'utf8');
  if (bytes.length > maxBytes) throw new HostedModelError(OUTPUT_TOO_LARGE);
  return bytes;
}

export async function downloadOutput(
  url: string,
  options: { fetch?: Fetch; maxBytes?: number; timeoutMs?: number } = {},
): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MAX_OUTPUT_BYTES;
  if (url.startsWith('data:')) return fromDataUri(url, maxBytes);
  if (!/^https?:\/\//.test(url)) {
    throw new HostedModelError(
      `The AI provider's output is not a URL we can download ("${url.slice(0, 40)}")`,
    );
  }
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    throw new HostedModelError(
      `The AI provider's output could not be downloaded: ${(error as Error).message}`,
    );
  }
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel();
    throw new HostedModelError(
      `The AI provider's output is missing: its URL answered ${response.status} (expired or never stored)`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new HostedModelError(`The AI provider's output could not be downloaded: HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new HostedModelError(OUTPUT_TOO_LARGE);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HostedModelError(OUTPUT_TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export type OutputImage = { bytes: Buffer; width: number; height: number; hasAlpha: boolean };

/** Checks the bytes are an image sharp can decode (within the pixel limit of uploads). */
export async function readOutputImage(bytes: Buffer): Promise<OutputImage> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return {
      bytes,
      width: meta.autoOrient?.width ?? meta.width,
      height: meta.autoOrient?.height ?? meta.height,
      hasAlpha: Boolean(meta.hasAlpha),
    };
  } catch {
    throw new HostedModelError("The AI provider's output is not an image we can read");
  }
}

/** A sharp pipeline over an output image, oriented, within the pixel limit. */
export const outputPipeline = (image: OutputImage) =>
  sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
