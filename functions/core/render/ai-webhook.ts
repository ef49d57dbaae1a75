/**
 * POST /api/ai/webhook: the hosted provider says a prediction ended. The signature is checked on
 * the raw body; a verified delivery only queues a check of that prediction, so a replay, a late
 * duplicate or an id that is not ours changes nothing (the check finds the job has moved on).
 */
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { WebhookVerifying } from '../image-ai';

export async function handleAiWebhook(
  deps: Pick<Deps, 'renderQueue' | 'logger'> & { imageAI: WebhookVerifying },
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
): Promise<{ received: true }> {
  const hosted = deps.imageAI.hostedAgeing;
  if (!hosted) throw new DomainError('not_found', 'aiWebhookUnexpected');
  const verified = await hosted.verifyWebhook(rawBody, headers);
  if (!verified) {
    deps.logger.warn('AI webhook refused: bad or stale signature', { webhookId: headers['webhook-id'] });
    throw new DomainError('invalid', 'webhookSignatureInvalid');
  }
  await deps.renderQueue.enqueueTask({ kind: 'prediction', predictionId: verified.predictionId });
  return { received: true };
}
