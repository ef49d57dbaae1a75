/**
 * HEIC photos (iPhones) decoded in the browser: sharp's prebuilt binaries cannot read them. The
 * decoder, libheif (LGPL-3.0, libheif-js's WebAssembly build), runs in its own worker
 * (lib/heic-worker.ts) whose files are fetched only when a HEIC is chosen. It needs no eval, only
 * the site's CSP `'wasm-unsafe-eval'` to compile its wasm (infra/constructs/site.ts).
 */
import { messages } from '@shared/messages';
import { declaredHeic, sniffImageFormat } from '@shared/rules/upload-file';
import libheifScriptUrl from 'libheif-js/libheif-wasm/libheif.js?url';
import libheifWasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';
import type { HeicJob, HeicResult } from './heic-protocol';

/** By the bytes first (a renamed file is what it is), then by what the browser or the name says. */
export async function isHeic(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const format = sniffImageFormat(head);
  if (format === 'heic') return true;
  if (format !== 'unknown') return false;
  return declaredHeic(file);
}

/** The photo as a JPEG, same name with .jpg; a file that only claims to be HEIC is refused clearly. */
export async function heicToJpeg(file: File, quality = 0.92): Promise<File> {
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  if (sniffImageFormat(head) !== 'heic') throw new Error(messages.notAHeic);
  // The User Timing entry (worker and decoder fetch + decode + JPEG encode) is what bench:composer reports.
  performance.mark('heic-decode-start');
  let jpeg: Blob;
  try {
    jpeg = await decodeInWorker(file, quality);
  } catch {
    throw new Error(messages.notAHeic);
  }
  performance.measure('heic-decode', 'heic-decode-start');
  const name = `${file.name.replace(/\.(heic|heif)$/i, '') || 'photo'}.jpg`;
  return new File([jpeg], name, { type: 'image/jpeg' });
}

/** The decoder's memory (a 12 MP photo takes a few hundred MB) goes back once no HEIC came for this long. */
const IDLE_MS = 20_000;
let worker: Worker | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 0;
let running = 0;

function stopWorker() {
  worker?.terminate();
  worker = undefined;
}

function decodeInWorker(file: Blob, quality: number): Promise<Blob> {
  clearTimeout(idleTimer);
  worker ??= new Worker(new URL('./heic-worker.ts', import.meta.url), { name: 'heic-decoder' });
  const current = worker;
  const id = ++nextId;
  running++;
  return new Promise<Blob>((resolve, reject) => {
    const onMessage = ({ data }: MessageEvent<HeicResult>) => {
      if (data.id !== id) return;
      done();
      if ('jpeg' in data) resolve(data.jpeg);
      else if ('pixels' in data) encodeOnPage(data.pixels, quality).then(resolve, reject);
      else reject(new Error(data.error));
    };
    // The worker or libheif could not load (offline, blocked): this job fails, the next starts afresh.
    const onError = () => {
      done();
      if (worker === current) stopWorker();
      reject(new Error('the HEIC decoder did not load'));
    };
    const done = () => {
      current.removeEventListener('message', onMessage);
      current.removeEventListener('error', onError);
      if (--running === 0) idleTimer = setTimeout(stopWorker, IDLE_MS);
    };
    current.addEventListener('message', onMessage);
    current.addEventListener('error', onError);
    const libheif = {
      script: new URL(libheifScriptUrl, window.location.href).href,
      wasm: new URL(libheifWasmUrl, window.location.href).href,
    };
    current.postMessage({ id, file, quality, libheif } satisfies HeicJob);
  });
}

async function encodeOnPage(pixels: ImageData, quality: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  canvas.getContext('2d')?.putImageData(pixels, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  canvas.width = canvas.height = 0;
  if (!blob) throw new Error('JPEG encoding failed');
  return blob;
}
