import { messages } from '@shared/messages';
import { DEFAULT_MOMENTS_BLEND } from '@shared/rules/placement';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../test-support/fakes/fake-deps';
import { parent, uploadedPhoto, visitor } from '../test-support/fakes/scenes';
import { givenCutout, givenTemplate } from '../test-support/moments';
import { QuotaExceededError } from './errors';
import { createFreeKeepsake } from './moments/compositions';
import { createCutout } from './moments/cutouts';
import type { Principal } from './ports';
import { startSession } from './sessions/visitor-sessions';
import { createUpload } from './uploads/create-upload';

const photo = { contentType: 'image/jpeg', size: 1000 };
const quotas = {
  perCaller: { upload: 2, cutout: 1, freeComposition: 2 },
  perAddress: { upload: 5, cutout: 3, freeComposition: 5, session: 2 },
};

async function refusal(attempt: Promise<unknown>): Promise<QuotaExceededError> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(QuotaExceededError);
  return error as QuotaExceededError;
}

describe('hourly quotas', () => {
  it('refuses the upload over the limit with a friendly message and the seconds left in the hour', async () => {
    const deps = fakeDeps({ quotaLimits: quotas });
    deps.clock.set('2030-01-15T10:45:00.000Z');
    const who = visitor();
    await createUpload(deps, who, photo);
    await createUpload(deps, who, photo);
    const error = await refusal(createUpload(deps, who, photo));
    expect(error.message).toBe(messages.tooManyUploads);
    expect(error.kind).toBe('too_many');
    expect(error.retryAfterSeconds).toBe(15 * 60);
    // Nothing half-written: only the two allowed uploads exist.
    expect(deps.table.uploads.size).toBe(2);
    expect(deps.metrics.totals.get('QuotaRefusals')).toBe(1);
  });

  it('counts each session and each user on its own, and starts afresh the next hour', async () => {
    const deps = fakeDeps({ quotaLimits: quotas });
    const [a, b, user] = [visitor(), visitor(), parent()];
    for (const who of [a, b, user]) {
      await createUpload(deps, who, photo);
      await createUpload(deps, who, photo);
    }
    await refusal(createUpload(deps, a, photo));
    await refusal(createUpload(deps, user, photo));
    deps.clock.advance(3_600_000);
    await expect(createUpload(deps, a, photo)).resolves.toMatchObject({ uploadId: expect.any(String) });
  });

  it('limits background removals, but answers a cut-out already made without counting it', async () => {
    const deps = fakeDeps({ quotaLimits: quotas });
    const who: Principal = visitor();
    const first = await uploadedPhoto(deps, who, { render: false });
    const second = await uploadedPhoto(deps, who, { render: false });
    await createCutout(deps, who, first);
    await createCutout(deps, who, first);
    const error = await refusal(createCutout(deps, who, second));
    expect(error.message).toBe(messages.tooManyCutouts);
  });

  it('limits free compositions, but a retried request is not counted twice', async () => {
    const deps = fakeDeps({ quotaLimits: quotas });
    const who = visitor();
    const template = await givenTemplate(deps);
    const uploadId = await uploadedPhoto(deps, who, { render: false });
    await givenCutout(deps, uploadId);
    const request = (requestId: string = crypto.randomUUID()) => ({
      requestId,
      templateId: template.id,
      uploadId,
      placement: { x: 0.5, y: 0.5, scale: 0.4, rotation: 0 },
      strokes: [],
      blend: DEFAULT_MOMENTS_BLEND,
    });
    const once = request();
    await createFreeKeepsake(deps, who, once);
    await createFreeKeepsake(deps, who, once);
    await createFreeKeepsake(deps, who, request());
    const error = await refusal(createFreeKeepsake(deps, who, request()));
    expect(error.message).toBe(messages.tooManyCompositions);
  });

  it('counts each address too: a fresh visitor session per request does not escape the limit', async () => {
    const deps = fakeDeps({ quotaLimits: quotas });
    const from = (clientIp: string) => ({ ...visitor(), clientIp });
    for (let i = 0; i < 5; i++) await createUpload(deps, from('203.0.113.7'), photo);
    const error = await refusal(createUpload(deps, from('203.0.113.7'), photo));
    expect(error.message).toBe(messages.tooManyUploads);
    // Another address, and a signed-in parent elsewhere, are not held back by it.
    await expect(createUpload(deps, from('198.51.100.1'), photo)).resolves.toBeDefined();
    await expect(createUpload(deps, { ...parent(), clientIp: '198.51.100.2' }, photo)).resolves.toBeDefined();
    expect(deps.table.uploads.size).toBe(7);
  });

  it('limits new visitor sessions per address, but renewing one held is not a new session', async () => {
    const deps = fakeDeps({ quotaLimits: quotas });
    const anonymous = { kind: 'anonymous' as const, clientIp: '203.0.113.9' };
    const first = await startSession(deps, anonymous, {});
    await startSession(deps, anonymous, {});
    const error = await refusal(startSession(deps, anonymous, {}));
    expect(error.message).toBe(messages.tooManySessions);
    const renewed = await startSession(deps, anonymous, { token: first.token });
    expect(renewed.token.split('.')[0]).toBe(first.token.split('.')[0]);
  });
});
