/** HTTP for the load benchmark: a request per connection, like many separate browsers. */
import http from 'node:http';

/**
 * fetch over a new connection each time (as many browsers, each with its own): this process is
 * also the server, and a handler that holds its event loop (face detection) lets Node's 5 s
 * keep-alive timer close pooled sockets just as fetch reuses them.
 */
export function call(
  target: string | URL,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const headers = Object.entries(response.headers).flatMap(([k, v]) =>
            v === undefined ? [] : [[k, String(v)] as [string, string]],
          );
          resolve(
            new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }),
          );
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** Runs `task` over `items`, `limit` at a time (setup work that is not the burst being measured). */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit)
    results.push(...(await Promise.all(items.slice(i, i + limit).map(task))));
  return results;
}
