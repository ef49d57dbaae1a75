/**
 * PUTs the photo to its presigned URL with XMLHttpRequest, the one browser API that reports
 * upload progress. Headers are sent exactly as the API returned them.
 */

// Browsers refuse to let scripts set these (they compute Content-Length from the body themselves).
const FORBIDDEN = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'expect']);

export class PutFileError extends Error {
  constructor(readonly status: number) {
    super(`Photo transfer failed (${status || 'network'})`);
    this.name = 'PutFileError';
  }
}

export function putFile(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      if (!FORBIDDEN.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new PutFileError(xhr.status));
      }
    };
    xhr.onerror = () => reject(new PutFileError(0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
