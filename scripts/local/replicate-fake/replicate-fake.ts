/**
 * A local stand-in for Replicate's predictions API, written from its public HTTP docs: create (by
 * version or by official model), get, cancel, `Prefer: wait`, bearer auth, the default webhook
 * secret, outputs served from here and signed completion webhooks (fake-predictions.ts). Its models
 * run the project's offline code (fake-models.ts). Used by `npm start` and tests; never deployed.
 */
import http from 'node:http';
import { LOOPBACK } from '../ports';
import { FAKE_MODELS, modelOfVersion } from './fake-models';
import { type Answer, createPredictionBook, type FakePrediction, problem } from './fake-predictions';
import { type FakeDelivery, newWebhookSecret } from './fake-webhooks';

export type { FakePrediction } from './fake-predictions';
export type { FakeDelivery } from './fake-webhooks';

export type RecordedRequest = { method: string; path: string; prefer: string | null; authorized: boolean };

export type ReplicateFakeOptions = {
  /** 0 (the default) = a free port. */
  port?: number;
  /** `whsec_…`; a random one unless given. */
  webhookSecret?: string;
  /** The only bearer token accepted; any non-empty one when absent. */
  token?: string;
  /** Cap on `Prefer: wait`, 60 s as on Replicate; tests lower it to reach the polling path. */
  maxWaitSeconds?: number;
  /** One line per ended prediction and webhook; console.log unless given. */
  log?: (line: string) => void;
};

export type ReplicateFake = {
  /** The API base (`http://127.0.0.1:<port>/v1`): REPLICATE_API_BASE. */
  url: string;
  port: number;
  /** The webhook signing secret (also at GET /v1/webhooks/default/secret). */
  secret: string;
  predictions(): FakePrediction[];
  requests(): RecordedRequest[];
  deliveries(): FakeDelivery[];
  stop(): Promise<void>;
};

const MAX_BODY_BYTES = 40 * 1024 * 1024;
const REPLICATE_MAX_WAIT_SECONDS = 60;

/** `Prefer: wait` (60 s) or `wait=n`, capped; null when the caller does not want to wait. */
function waitSecondsOf(prefer: string | null, cap: number): number | null {
  const wait = /^wait(?:=(\d+))?$/.exec(prefer?.trim() ?? '');
  if (!wait) return null;
  return Math.min(cap, REPLICATE_MAX_WAIT_SECONDS, Number(wait[1] ?? REPLICATE_MAX_WAIT_SECONDS));
}

export async function startReplicateFake(opts: ReplicateFakeOptions = {}): Promise<ReplicateFake> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const secret = opts.webhookSecret ?? newWebhookSecret();
  const maxWait = opts.maxWaitSeconds ?? REPLICATE_MAX_WAIT_SECONDS;
  const recorded: RecordedRequest[] = [];
  let origin = '';
  const book = createPredictionBook({ secret, origin: () => origin, log });

  async function handleApi(
    method: string,
    path: string,
    body: Record<string, unknown>,
    prefer: string | null,
  ): Promise<Answer> {
    if (method === 'POST' && path === '/v1/predictions') {
      const name = typeof body.version === 'string' ? modelOfVersion(body.version) : null;
      if (!name) return problem(422, 'Invalid version', 'Invalid version or not permitted');
      return book.create(name, body, waitSecondsOf(prefer, maxWait));
    }
    const byModel = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (byModel && method === 'POST') {
      const name = `${decodeURIComponent(byModel[1])}/${decodeURIComponent(byModel[2])}`;
      if (!FAKE_MODELS[name]) {
        return problem(
          404,
          'Not found',
          `The fake has no model ${name}: ${Object.keys(FAKE_MODELS).join(', ')}`,
        );
      }
      return book.create(name, body, waitSecondsOf(prefer, maxWait));
    }
    const one = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1]);
      const cancel = Boolean(one[2]);
      if (method !== (cancel ? 'POST' : 'GET'))
        return problem(405, 'Method not allowed', `${method} ${path}`);
      const prediction = cancel ? book.cancel(id) : book.get(id);
      return prediction
        ? { status: 200, json: prediction }
        : problem(404, 'Not found', 'Prediction not found');
    }
    if (method === 'GET' && path === '/v1/webhooks/default/secret')
      return { status: 200, json: { key: secret } };
    return problem(404, 'Not found', `The fake does not serve ${method} ${path}`);
  }

  const authorized = (header: string | undefined) => {
    const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    return Boolean(token) && (!opts.token || token === opts.token);
  };

  const server = http.createServer(async (req, res) => {
    const json = (answer: Answer) =>
      void res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.json));
    try {
      const url = new URL(req.url ?? '/', 'http://replicate-fake');
      const method = req.method ?? 'GET';
      // Output files are public links, like Replicate's delivery URLs: no token needed.
      const delivery = /^\/delivery\/([^/]+)\/[^/]+$/.exec(url.pathname);
      if (delivery && method === 'GET') {
        const file = book.file(delivery[1]);
        if (!file) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        const headers = { 'content-type': file.contentType, 'content-length': file.bytes.length };
        return void res.writeHead(200, headers).end(file.bytes);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES)
          return json(problem(413, 'Payload too large', 'The request body is too large'));
        chunks.push(chunk as Buffer);
      }
      const prefer = typeof req.headers.prefer === 'string' ? req.headers.prefer : null;
      const ok = authorized(req.headers.authorization);
      recorded.push({ method, path: url.pathname, prefer, authorized: ok });
      if (!ok) return json(problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'));
      let body: Record<string, unknown> = {};
      if (chunks.length) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return json(problem(400, 'Bad request', 'The body is not JSON'));
        }
      }
      json(await handleApi(method, url.pathname, body, prefer));
    } catch (error) {
      console.error(`[replicate-fake] ${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) json(problem(500, 'Internal error', 'The Replicate fake failed'));
      else res.end();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  origin = `http://${LOOPBACK}:${port}`;

  return {
    url: `${origin}/v1`,
    port,
    secret,
    predictions: book.predictions,
    requests: () => structuredClone(recorded),
    deliveries: book.deliveries,
    async stop() {
      await book.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
