import { webcrypto } from 'node:crypto';
import { validateWebhook } from 'replicate';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookHeaders } from '../../../../scripts/local/replicate-fake/fake-webhooks';
import { isSignedDelivery, verifiedPredictionId } from './webhook-signature';

const secret = newWebhookSecret();
const body = JSON.stringify({ id: 'ufawqhfynnddngldkgtslldrkq', status: 'succeeded' });
const nowMs = Date.UTC(2026, 10, 20, 12, 0, 0);
const nowSeconds = nowMs / 1000;
const signed = (overrides: Record<string, string> = {}, at = nowSeconds) => ({
  rawBody: body,
  headers: { ...webhookHeaders(secret, 'msg_1', body, at), ...overrides },
});

describe("Replicate's webhook signatures", () => {
  it('accepts a delivery signed as the fake signs it, which the official client accepts too', async () => {
    const delivery = signed();
    expect(verifiedPredictionId(delivery, secret, nowMs)).toEqual({
      predictionId: 'ufawqhfynnddngldkgtslldrkq',
    });
    // The fake's signer and ours agree with replicate's own validateWebhook.
    const official = await validateWebhook(
      {
        id: delivery.headers['webhook-id'],
        timestamp: delivery.headers['webhook-timestamp'],
        signature: delivery.headers['webhook-signature'],
        body,
        secret,
      },
      // Replicate types this as the DOM's Crypto, which Lambda code does not load: Node's is the same API.
      webcrypto,
    );
    expect(official).toBe(true);
  });

  it('accepts one valid signature among several (key rotation) and headers in any case', () => {
    const good = signed().headers['webhook-signature'];
    const rotated = {
      'Webhook-Id': 'msg_1',
      'Webhook-Timestamp': String(nowSeconds),
      'Webhook-Signature': `v1,${Buffer.alloc(32, 1).toString('base64')} ${good}`,
    };
    expect(isSignedDelivery({ rawBody: body, headers: rotated }, secret, nowMs)).toBe(true);
  });

  it('refuses another secret, another body, another id, a missing header and an unknown version', () => {
    expect(isSignedDelivery(signed(), newWebhookSecret(), nowMs)).toBe(false);
    expect(isSignedDelivery({ ...signed(), rawBody: `${body} ` }, secret, nowMs)).toBe(false);
    expect(isSignedDelivery(signed({ 'webhook-id': 'msg_2' }), secret, nowMs)).toBe(false);
    const { 'webhook-signature': _, ...unsigned } = signed().headers;
    expect(isSignedDelivery({ rawBody: body, headers: unsigned }, secret, nowMs)).toBe(false);
    const v2 = signed().headers['webhook-signature'].replace('v1,', 'v2,');
    expect(isSignedDelivery(signed({ 'webhook-signature': v2 }), secret, nowMs)).toBe(false);
  });

  it('refuses a timestamp more than five minutes away from now, either way', () => {
    expect(isSignedDelivery(signed({}, nowSeconds - 299), secret, nowMs)).toBe(true);
    expect(isSignedDelivery(signed({}, nowSeconds - 301), secret, nowMs)).toBe(false);
    expect(isSignedDelivery(signed({}, nowSeconds + 301), secret, nowMs)).toBe(false);
  });

  it('returns null for a signed body that names no prediction', () => {
    const other = JSON.stringify({ hello: 'world' });
    const delivery = { rawBody: other, headers: webhookHeaders(secret, 'msg_1', other, nowSeconds) };
    expect(isSignedDelivery(delivery, secret, nowMs)).toBe(true);
    expect(verifiedPredictionId(delivery, secret, nowMs)).toBeNull();
  });
});
