/**
 * The session key as AWS gives it: the real Secrets Manager client against a stand-in that speaks
 * its JSON protocol (AWS_ENDPOINT_URL_SECRETS_MANAGER), so the read-once cache, the retry after a
 * failed read and the 503 a visitor then gets are the code that runs in the Lambda.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../adapters/roots/basics';
import { visitorSessionsFrom } from '../../adapters/sessions/session-key';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { httpEvent } from '../../test-support/invoke';
import { createUploadsHandler } from '../uploads';

const KEY = 'k'.repeat(48);
const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:VisitorSessionKey-abc';
const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test' };
const state = { reads: 0, fail: 0, value: KEY };

let server: http.Server;
const previousEndpoint = process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      state.reads += 1;
      const failing = state.fail > 0;
      if (failing) state.fail -= 1;
      response.writeHead(failing ? 500 : 200, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(
        JSON.stringify(
          failing
            ? { __type: 'InternalServiceError', message: 'injected' }
            : { ARN, Name: 'VisitorSessionKey', SecretString: state.value },
        ),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  if (previousEndpoint === undefined) delete process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER;
  else process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = previousEndpoint;
});

const fromSecret = () =>
  visitorSessionsFrom({ region: 'eu-west-1', sessionSecretArn: ARN }, systemClock, credentials);

describe('the visitor session key in Secrets Manager', () => {
  it('is read once, on first use, and signs tokens it then verifies', async () => {
    Object.assign(state, { reads: 0, fail: 0, value: KEY });
    const sessions = fromSecret();
    expect(state.reads).toBe(0);
    const sessionId = crypto.randomUUID();
    const { token } = await sessions.issue(sessionId);
    expect(await sessions.verify(token)).toMatchObject({ sessionId });
    await sessions.verify(token);
    expect(state.reads).toBe(1);
  });

  it('is read again after a failed read, and a visitor meanwhile gets a 503 to retry, never a 500', async () => {
    // Three failures: the SDK's own attempts, all used up.
    Object.assign(state, { reads: 0, fail: 3, value: KEY });
    const sessions = fromSecret();
    const handler = createUploadsHandler(fakeDeps({ sessions }));
    const call = async () => {
      const token = (await fromSecretWithoutFailures()).token;
      const result = await handler(
        httpEvent('createUpload', {
          headers: { 'x-session-token': token },
          body: { contentType: 'image/jpeg', size: 1000 },
        }),
        {} as never,
      );
      return { status: result.statusCode, body: JSON.parse(String(result.body)) };
    };
    const first = await call();
    expect(first.status).toBe(503);
    expect(first.body.error.message).toBe(messages.serverError);
    expect((await call()).status).toBe(200);
    expect(state.reads).toBe(4);
  });

  it('refuses a key too short to be safe', async () => {
    Object.assign(state, { reads: 0, fail: 0, value: 'short' });
    await expect(fromSecret().issue(crypto.randomUUID())).rejects.toThrow(/shorter than 32/);
  });

  it('stops the Lambda at start when neither a key nor a secret is configured', () => {
    expect(() => visitorSessionsFrom({ region: 'eu-west-1' }, systemClock)).toThrow(/SESSION_SECRET/);
  });
});

/** A token signed with the same key, made without touching the stand-in's failure count. */
async function fromSecretWithoutFailures() {
  const { signSessionToken } = await import('../../core/sessions/session-tokens');
  return signSessionToken(KEY, crypto.randomUUID(), new Date());
}
