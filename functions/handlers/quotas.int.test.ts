/**
 * Hourly quotas against DynamoDB Local: the counter item, its atomic ADD under a condition, and the 429
 * with Retry-After that the middleware makes of a refusal. This file's app allows 3 uploads an hour.
 */
import { messages } from '@shared/messages';
import { quotaWindow } from '@shared/rules/quotas';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';

const LIMIT = 3;
const { callRoute } = createTestApp({ QUOTA_UPLOAD_PER_HOUR: String(LIMIT) });

const createUpload = (sessionId: string) =>
  callRoute('createUpload', { sessionId, body: { contentType: 'image/jpeg', size: 1000 } });

describe('hourly upload quota', () => {
  it('answers the N+1th upload of the hour with 429, a friendly message and Retry-After', async () => {
    const sessionId = crypto.randomUUID();
    for (let n = 0; n < LIMIT; n++) expect((await createUpload(sessionId)).status).toBe(200);

    const refused = await createUpload(sessionId);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toEqual({ code: 'quota_exceeded', message: messages.tooManyUploads });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(quotaWindow(new Date()).retryAfterSeconds + 1);

    // Another visitor's quota is their own.
    expect((await createUpload(crypto.randomUUID())).status).toBe(200);
  });

  it('lets exactly the limit through when the requests race', async () => {
    const sessionId = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: LIMIT * 3 }, () => createUpload(sessionId)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT * 2);
  });
});
