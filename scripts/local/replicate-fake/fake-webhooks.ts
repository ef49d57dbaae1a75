/**
 * Webhook deliveries as Replicate documents them: the prediction as the JSON body, signed with the
 * Standard Webhooks headers (`webhook-id`, `webhook-timestamp` in seconds, `webhook-signature`:
 * `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the base64 part of `whsec_…`).
 * Written apart from the provider's verifier, so a contract test checks one against the other.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function webhookHeaders(secret: string, id: string, body: string, timestampSeconds: number) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}

/** One delivery attempt: the HTTP status, or the error when it could not be delivered. */
export type FakeDelivery = {
  predictionId: string;
  webhookId: string;
  url: string;
  status: number | null;
  error: string | null;
};

export async function deliverWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number | null; error: string | null }> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    return { status: response.status, error: response.ok ? null : text.slice(0, 300) };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error) };
  }
}
