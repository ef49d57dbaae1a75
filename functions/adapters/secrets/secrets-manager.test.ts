/**
 * The real Secrets Manager client (through Powertools) against a stand-in that speaks its JSON
 * protocol (AWS_ENDPOINT_URL_SECRETS_MANAGER): what is kept, what is read again.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedSecret, secretsManagerReader } from './secrets-manager';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Keys-abc';
const client = { region: 'eu-west-1', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test' } };
const state = { reads: 0, value: '{}' };

let server: http.Server;
const previousEndpoint = process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      state.reads += 1;
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify({ ARN, Name: 'Keys', SecretString: state.value }));
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

const apiKeyOf = (text: string) => {
  const { apiKey } = JSON.parse(text || '{}') as { apiKey?: string };
  if (!apiKey) throw new Error('not filled in yet');
  return apiKey;
};

describe('cachedSecret', () => {
  it('reads again while the value is refused (an empty secret), then keeps the value it accepted', async () => {
    Object.assign(state, { reads: 0, value: '{}' });
    const apiKey = cachedSecret(ARN, apiKeyOf, client);
    await expect(apiKey()).rejects.toThrow(/not filled in/);
    await expect(apiKey()).rejects.toThrow(/not filled in/);
    state.value = JSON.stringify({ apiKey: 'k1' });
    expect(await apiKey()).toBe('k1');
    state.value = JSON.stringify({ apiKey: 'k2' });
    expect(await apiKey()).toBe('k1');
    expect(state.reads).toBe(3);
  });
});

describe('secretsManagerReader', () => {
  it('reads on every call, for callers that keep what they can use themselves', async () => {
    Object.assign(state, { reads: 0, value: 'text' });
    const read = secretsManagerReader(client);
    expect(await read(ARN)).toBe('text');
    expect(await read(ARN)).toBe('text');
    expect(state.reads).toBe(2);
  });
});
