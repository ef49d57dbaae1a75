/**
 * Replicate's webhook signatures (the Standard Webhooks scheme): `webhook-signature` holds one or
 * more space-separated `v1,<base64 HMAC-SHA256>` of `webhook-id.webhook-timestamp.body`, keyed by the
 * base64 part of the `whsec_…` secret. Written here rather than with the client's validateWebhook so
 * the comparison is constant-time and a stale timestamp is refused (a captured delivery cannot be
 * replayed after five minutes).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type WebhookDelivery = {
  rawBody: string;
  headers: Readonly<Record<string, string | undefined>>;
};

const headerOf = (headers: WebhookDelivery['headers'], name: string) => {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
};

/** The HMAC key inside a `whsec_<base64>` secret (a bare base64 secret works too). */
const keyOf = (secret: string) => Buffer.from(secret.slice(secret.lastIndexOf('_') + 1), 'base64');

export function signWebhook(secret: string, id: string, timestamp: string, body: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** True when the delivery is signed with `secret` and its timestamp is within five minutes of now. */
export function isSignedDelivery(delivery: WebhookDelivery, secret: string, nowMs = Date.now()): boolean {
  const id = headerOf(delivery.headers, 'webhook-id');
  const timestamp = headerOf(delivery.headers, 'webhook-timestamp');
  const signatures = headerOf(delivery.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, id, timestamp, delivery.rawBody), 'base64');
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The prediction a verified delivery is about, or null when it is forged, stale or not a prediction. */
export function verifiedPredictionId(delivery: WebhookDelivery, secret: string, nowMs = Date.now()) {
  if (!isSignedDelivery(delivery, secret, nowMs)) return null;
  try {
    const body = JSON.parse(delivery.rawBody) as { id?: unknown };
    return typeof body.id === 'string' && body.id ? { predictionId: body.id } : null;
  } catch {
    return null;
  }
}
