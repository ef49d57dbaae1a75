/**
 * Predictions through the official `replicate` client: a synchronous run (create with `Prefer: wait`,
 * then poll until it ends or the timeout, cancelling what we stop waiting for), a background start
 * with a webhook, get and cancel. Every ended prediction is logged with its model, id, status,
 * `predict_time` and cost.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Prediction } from 'replicate';
import type { PredictionCost } from '../../../core/image-ai';
import { replicateClient, replicateWebhookSecret } from './client';
import type { ReplicateCredentials } from './credentials';
import { HostedModelError } from './hosted-model-error';
import { downloadOutput, type Fetch, outputUrlOf } from './output-download';
import type { Price, ReplicateConfig, SlotConfig } from './replicate-config';

export type { Prediction };

/** Powertools' logger (or console): `logger.info('message', { fields })`. */
export type ProviderLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

export type PredictionCall = { capability: string; slot: SlotConfig; input: Record<string, unknown> };

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);
export const isTerminal = (prediction: Pick<Prediction, 'status'>) => TERMINAL.has(prediction.status);
/** Replicate answers a `Prefer: wait` request within 60 s at most. */
const MAX_PREFER_WAIT_SECONDS = 60;
/** How long past the asked wait we give the create call before giving up on it. */
const CREATE_GRACE_MS = 15_000;

/** Per run: nothing is charged without an output. Per second: `predict_time` × price, whatever the end. */
export function costOf(
  prediction: Pick<Prediction, 'status' | 'metrics'>,
  price: Price | null,
): PredictionCost {
  const predictTimeSec = prediction.metrics?.predict_time ?? null;
  if (!price) return { predictTimeSec, usd: null };
  if (price.per === 'run') return { predictTimeSec, usd: prediction.status === 'succeeded' ? price.usd : 0 };
  return {
    predictTimeSec,
    usd: predictTimeSec === null ? null : Math.round(predictTimeSec * price.usd * 1e6) / 1e6,
  };
}

/** Why a prediction ended without an output we can use. */
export function failureReason(prediction: Pick<Prediction, 'status' | 'error' | 'id'>): string {
  if (prediction.status === 'canceled' || prediction.status === 'aborted') {
    return `The AI provider's prediction ${prediction.id} was canceled`;
  }
  const error =
    typeof prediction.error === 'string' ? prediction.error : JSON.stringify(prediction.error ?? null);
  return `The AI model failed: ${error && error !== 'null' ? error : 'no reason given'}`;
}

const statusOf = (error: unknown) =>
  (error as { response?: { status?: number } } | null)?.response?.status ?? null;

export type ReplicateApi = ReturnType<typeof createReplicateApi>;

export function createReplicateApi(
  config: Pick<ReplicateConfig, 'apiBase' | 'timeoutSeconds'>,
  credentials: ReplicateCredentials,
  options: { fetch?: Fetch; logger: ProviderLogger; pollIntervalMs?: number },
) {
  const { logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const clientOf = replicateClient(config, credentials, options.fetch);

  async function create(
    call: PredictionCall,
    extra: { wait?: number; webhook?: string; signal?: AbortSignal },
  ): Promise<Prediction> {
    const api = await clientOf();
    const { model } = call.slot;
    const target = model.version ? { version: model.version } : { model: `${model.owner}/${model.name}` };
    try {
      return await api.predictions.create({
        ...target,
        input: call.input,
        ...(extra.wait ? { wait: extra.wait } : {}),
        ...(extra.webhook ? { webhook: extra.webhook, webhook_events_filter: ['completed' as const] } : {}),
        ...(extra.signal ? { signal: extra.signal } : {}),
      });
    } catch (error) {
      const status = statusOf(error);
      const timedOut = (error as Error).name === 'TimeoutError';
      const why = status
        ? `it answered HTTP ${status}`
        : timedOut
          ? 'no answer in time'
          : (error as Error).message;
      throw new HostedModelError(
        `Replicate did not start ${model.id} for ${call.capability}: ${why}`,
        null,
        timedOut,
      );
    }
  }

  function logEnded(call: PredictionCall, prediction: Prediction, extra: Record<string, unknown> = {}) {
    const cost = costOf(prediction, call.slot.price);
    const fields = {
      capability: call.capability,
      model: call.slot.model.id,
      predictionId: prediction.id,
      status: prediction.status,
      predictTimeSec: cost.predictTimeSec,
      costUsd: cost.usd,
      ...extra,
    };
    if (prediction.status === 'succeeded') logger.info('Replicate prediction ended', fields);
    else logger.warn('Replicate prediction ended', { ...fields, error: prediction.error ?? null });
    return cost;
  }

  /** Best effort: a prediction that already ended stays as it is; a failure is logged, not thrown. */
  async function cancel(id: string): Promise<void> {
    try {
      await (await clientOf()).predictions.cancel(id);
    } catch (error) {
      logger.warn('Replicate prediction could not be canceled', {
        predictionId: id,
        error: (error as Error).message,
      });
    }
  }

  /**
   * Runs a prediction to its end and downloads its output. Past the timeout (or when we lose track
   * of it) the prediction is canceled, so nothing keeps running, and billing, for nobody.
   */
  async function run(
    call: PredictionCall,
  ): Promise<{ prediction: Prediction; output: Buffer; cost: PredictionCost }> {
    const started = Date.now();
    const deadline = started + config.timeoutSeconds * 1000;
    const wait = Math.min(MAX_PREFER_WAIT_SECONDS, Math.max(1, Math.ceil(config.timeoutSeconds)));
    let prediction = await create(call, { wait, signal: AbortSignal.timeout(wait * 1000 + CREATE_GRACE_MS) });
    const { id } = prediction;
    try {
      while (!isTerminal(prediction)) {
        const left = deadline - Date.now();
        if (left <= 0) {
          await cancel(id);
          logger.warn('Replicate prediction timed out', {
            capability: call.capability,
            model: call.slot.model.id,
            predictionId: id,
          });
          throw new HostedModelError(
            `The AI provider took longer than ${config.timeoutSeconds} s; prediction ${id} was canceled`,
            id,
            true,
          );
        }
        await sleep(Math.min(pollIntervalMs, left));
        prediction = await (await clientOf()).predictions.get(id);
      }
    } catch (error) {
      if (error instanceof HostedModelError) throw error;
      await cancel(id);
      throw new HostedModelError(
        `Lost track of prediction ${id} (${(error as Error).message}); it was canceled`,
        id,
      );
    }
    const cost = logEnded(call, prediction, { waitedMs: Date.now() - started });
    if (prediction.status !== 'succeeded') throw new HostedModelError(failureReason(prediction), id);
    return { prediction, output: await downloadFor(prediction), cost };
  }

  /** The prediction's output bytes (size-limited); failures name the prediction. */
  async function downloadFor(prediction: Prediction): Promise<Buffer> {
    const url = outputUrlOf(prediction.output);
    if (!url)
      throw new HostedModelError("The AI provider's prediction succeeded without an image", prediction.id);
    try {
      return await downloadOutput(url, options.fetch ? { fetch: options.fetch } : {});
    } catch (error) {
      if (error instanceof HostedModelError) throw new HostedModelError(error.reason, prediction.id);
      throw error;
    }
  }

  return {
    run,
    cancel,
    downloadFor,
    logEnded,
    /** Creates a prediction that reports its end to `webhook`, without waiting for it. */
    start: (call: PredictionCall, webhook: string) => create(call, { webhook }),
    /** The prediction, or null when Replicate does not know it (404). */
    async get(id: string): Promise<Prediction | null> {
      try {
        return await (await clientOf()).predictions.get(id);
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    webhookSecret: replicateWebhookSecret(credentials, clientOf),
  };
}
