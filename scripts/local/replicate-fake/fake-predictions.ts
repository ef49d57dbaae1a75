/**
 * The Replicate fake's predictions and their lives: created `starting`, `processing` once the model
 * runs, then `succeeded` (outputs stored for the fake to serve), `failed` or `canceled`, with
 * `metrics.predict_time`; `Prefer: wait` callers are woken at the end, and the webhook is sent.
 */
import { randomBytes } from 'node:crypto';
import { FAKE_MODELS, type FakeFile, type FakeModel, type FakeOutcome, runFakeModel } from './fake-models';
import { deliverWebhook, type FakeDelivery, newWebhookSecret, webhookHeaders } from './fake-webhooks';

export type FakePrediction = {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  logs: string;
  output: string | string[] | null;
  error: string | null;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  urls: { get: string; cancel: string; web: string };
  metrics?: { predict_time: number; total_time: number };
  webhook?: string;
  webhook_events_filter?: string[];
  data_removed: boolean;
  source: 'api';
};

type Entry = {
  prediction: FakePrediction;
  model: FakeModel;
  abort: AbortController;
  startedMs: number;
  waiters: Set<() => void>;
};
export type Answer = { status: number; json: unknown };

const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);
export const problem = (status: number, title: string, detail: string): Answer => ({
  status,
  json: { title, detail, status },
});
/** Replicate's ids are 26 lower-case letters and digits. */
export const newId = () =>
  randomBytes(16)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])
    .slice(0, 26);
const extensionOf = (type: string) => (type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg');

export function createPredictionBook(opts: {
  secret: string;
  origin: () => string;
  log: (line: string) => void;
}) {
  const entries = new Map<string, Entry>();
  const files = new Map<string, FakeFile>();
  const deliveries: FakeDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let stopping = false;

  function send(entry: Entry, event: 'start' | 'completed') {
    const { prediction, model } = entry;
    const filter = prediction.webhook_events_filter;
    if (stopping || !prediction.webhook || (filter && !filter.includes(event))) return;
    const url = prediction.webhook;
    const body = JSON.stringify(prediction);
    const webhookId = `msg_${newId()}`;
    const attempts = model.webhook === 'twice' && event === 'completed' ? 2 : 1;
    const signingSecret = model.webhook === 'bad-signature' ? newWebhookSecret() : opts.secret;
    const delivery = (async () => {
      // A retry keeps its webhook-id and is signed afresh, as Standard Webhooks retries are.
      for (let attempt = 0; attempt < attempts; attempt++) {
        const headers = webhookHeaders(signingSecret, webhookId, body, Math.floor(Date.now() / 1000));
        const result = await deliverWebhook(url, body, headers);
        deliveries.push({ predictionId: prediction.id, webhookId, url, ...result });
        opts.log(`[replicate-fake] webhook ${event} ${prediction.id} → ${result.status ?? result.error}`);
      }
    })().finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  function finish(entry: Entry, outcome: Exclude<FakeOutcome, { kind: 'never' }> | { kind: 'canceled' }) {
    const { prediction } = entry;
    if (TERMINAL.has(prediction.status)) return;
    const seconds = (Date.now() - entry.startedMs) / 1000;
    prediction.completed_at = new Date().toISOString();
    prediction.metrics = {
      predict_time: Math.round(seconds * 1000) / 1000,
      total_time: (Date.now() - Date.parse(prediction.created_at)) / 1000,
    };
    if (outcome.kind === 'output') {
      const urls = outcome.files.map((file) => {
        const id = newId();
        files.set(id, file);
        return `${opts.origin()}/delivery/${id}/output.${extensionOf(file.contentType)}`;
      });
      prediction.output = outcome.asList ? urls : urls[0];
      prediction.status = 'succeeded';
    } else if (outcome.kind === 'missing-output') {
      prediction.output = `${opts.origin()}/delivery/${newId()}/output.jpg`;
      prediction.status = 'succeeded';
    } else if (outcome.kind === 'failed') {
      prediction.error = outcome.error;
      prediction.status = 'failed';
    } else {
      prediction.status = 'canceled';
    }
    prediction.logs += `${prediction.status}\n`;
    entry.abort.abort();
    for (const wake of entry.waiters) wake();
    opts.log(
      `[replicate-fake] ${prediction.model} ${prediction.id} ${prediction.status} in ${seconds.toFixed(1)} s`,
    );
    send(entry, 'completed');
  }

  async function execute(entry: Entry) {
    await new Promise((resolve) => setImmediate(resolve));
    if (entry.prediction.status !== 'starting') return;
    entry.prediction.status = 'processing';
    entry.prediction.started_at = new Date().toISOString();
    entry.prediction.logs += 'processing\n';
    entry.startedMs = Date.now();
    send(entry, 'start');
    const canceled = new Promise<{ kind: 'canceled' }>((resolve) =>
      entry.abort.signal.addEventListener('abort', () => resolve({ kind: 'canceled' })),
    );
    const outcome = await Promise.race([runFakeModel(entry.model, entry.prediction.input), canceled]);
    finish(entry, outcome.kind === 'never' ? await canceled : outcome);
  }

  /** Resolves when the prediction ends or after `seconds`, whichever comes first. */
  async function waitFor(entry: Entry, seconds: number) {
    if (TERMINAL.has(entry.prediction.status)) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, seconds * 1000);
      function done() {
        clearTimeout(timer);
        entry.waiters.delete(done);
        resolve();
      }
      entry.waiters.add(done);
    });
  }

  /** Validates like Replicate (422 on a missing input), then starts the model; `wait` in seconds. */
  async function create(name: string, body: Record<string, unknown>, wait: number | null): Promise<Answer> {
    const model = FAKE_MODELS[name];
    const input = body.input as Record<string, unknown> | undefined;
    if (!input || typeof input !== 'object' || Array.isArray(input)) {
      return problem(422, 'Input validation failed', 'input is required and must be an object');
    }
    const missing = model.required.filter((key) => input[key] === undefined);
    if (missing.length) {
      return problem(
        422,
        'Input validation failed',
        missing.map((key) => `- ${key}: Field required`).join('\n'),
      );
    }
    const { webhook, webhook_events_filter: filter } = body;
    if (webhook !== undefined && (typeof webhook !== 'string' || !URL.canParse(webhook))) {
      return problem(422, 'Invalid webhook', 'webhook must be a URL');
    }
    const id = newId();
    const base = `${opts.origin()}/v1/predictions/${id}`;
    const prediction: FakePrediction = {
      id,
      model: name,
      version: typeof body.version === 'string' ? body.version : 'hidden',
      input,
      logs: '',
      output: null,
      error: null,
      status: 'starting',
      created_at: new Date().toISOString(),
      started_at: null,
      completed_at: null,
      urls: { get: base, cancel: `${base}/cancel`, web: `${opts.origin()}/p/${id}` },
      ...(typeof webhook === 'string' ? { webhook } : {}),
      ...(Array.isArray(filter) ? { webhook_events_filter: filter.map(String) } : {}),
      data_removed: false,
      source: 'api',
    };
    const entry: Entry = {
      prediction,
      model,
      abort: new AbortController(),
      startedMs: Date.now(),
      waiters: new Set(),
    };
    entries.set(id, entry);
    void execute(entry);
    if (wait !== null) await waitFor(entry, wait);
    return { status: 201, json: prediction };
  }

  return {
    create,
    get: (id: string) => entries.get(id)?.prediction,
    /** Ends a running prediction as canceled; one already ended stays as it is. */
    cancel(id: string): FakePrediction | undefined {
      const entry = entries.get(id);
      if (entry) finish(entry, { kind: 'canceled' });
      return entry?.prediction;
    },
    file: (id: string) => files.get(id),
    predictions: () => structuredClone([...entries.values()].map((entry) => entry.prediction)),
    deliveries: () => structuredClone(deliveries),
    async stop() {
      // Predictions still running end with the fake, without webhooks to an app that may be gone.
      stopping = true;
      for (const entry of entries.values()) entry.abort.abort();
      await Promise.allSettled([...pending]);
    },
  };
}
