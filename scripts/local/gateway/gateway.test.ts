import { describe, expect, it } from 'vitest';
import { claimToString } from '../../../functions/adapters/auth/jwt-verifier';
import { rewriteCognitoCall } from './cognito';
import { buildHttpApiEvent, isTextContentType, matchApiRoute, resultToHttpResponse } from './event';
import { isPublicFilePath, publicKeyOf } from './public-files';

const uploadId = '3f2b6c1e-8a4d-4e1f-9c3b-2a7d5e6f8a90';

describe('matchApiRoute', () => {
  it('matches method and path and decodes path parameters', () => {
    const match = matchApiRoute('POST', `/api/uploads/${uploadId}/complete`);
    expect(match).toMatchObject({ kind: 'match', id: 'completeUpload', params: { uploadId } });
  });

  it('tells an unknown path from a known path with the wrong method', () => {
    expect(matchApiRoute('GET', '/api/nothing-here')).toEqual({ kind: 'not_found' });
    expect(matchApiRoute('PATCH', `/api/uploads/${uploadId}`)).toEqual({
      kind: 'method_not_allowed',
      allowed: ['GET', 'DELETE'],
    });
  });
});

describe('buildHttpApiEvent', () => {
  const match = matchApiRoute('POST', `/api/uploads/${uploadId}/complete`);
  if (match.kind !== 'match') throw new Error('route table changed');

  it('builds a payload v2 event with path parameters, query and a base64 binary body', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const now = new Date('2026-11-22T04:13:00Z');
    const event = buildHttpApiEvent(
      {
        method: 'POST',
        url: `/api/uploads/${uploadId}/complete?a=1&a=2&b=x%20y`,
        headers: {
          'content-type': 'image/png',
          'x-session-id': 'abc',
          cookie: 'c1=v1; c2=v2',
          'user-agent': 'UA/1',
        },
        body: bytes,
        sourceIp: '127.0.0.1',
      },
      match,
      { now, requestId: 'req-1' },
    );
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/uploads/{uploadId}/complete',
      rawPath: `/api/uploads/${uploadId}/complete`,
      rawQueryString: 'a=1&a=2&b=x%20y',
      queryStringParameters: { a: '1,2', b: 'x y' },
      pathParameters: { uploadId },
      cookies: ['c1=v1', 'c2=v2'],
      isBase64Encoded: true,
      requestContext: {
        http: {
          method: 'POST',
          path: `/api/uploads/${uploadId}/complete`,
          sourceIp: '127.0.0.1',
          userAgent: 'UA/1',
        },
        requestId: 'req-1',
        routeKey: 'POST /api/uploads/{uploadId}/complete',
        stage: '$default',
        time: '22/Nov/2026:04:13:00 +0000',
        timeEpoch: now.getTime(),
      },
    });
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
    expect(event.headers['x-session-id']).toBe('abc');
    expect(event.headers.cookie).toBeUndefined();
  });

  it('passes a JSON body as text and omits absent parts', () => {
    const event = buildHttpApiEvent(
      {
        method: 'POST',
        url: '/api/uploads',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: Buffer.from('{"a":1}'),
        sourceIp: '127.0.0.1',
      },
      { ...match, params: {} },
    );
    expect(event.body).toBe('{"a":1}');
    expect(event.isBase64Encoded).toBe(false);
    expect(event).not.toHaveProperty('queryStringParameters');
    expect(event).not.toHaveProperty('pathParameters');
    expect(event).not.toHaveProperty('cookies');
  });

  it('adds the JWT authorizer claims and scopes', () => {
    const event = buildHttpApiEvent(
      { method: 'POST', url: '/x', headers: {}, body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
      match,
      { authorizer: { claims: { sub: 'u1', 'cognito:groups': '[admins]' }, scopes: ['openid'] } },
    );
    expect(event.requestContext).toMatchObject({
      authorizer: { jwt: { claims: { sub: 'u1', 'cognito:groups': '[admins]' }, scopes: ['openid'] } },
    });
    expect(event).not.toHaveProperty('body');
  });
});

describe('resultToHttpResponse', () => {
  it('maps status, headers, cookies and a base64 body', () => {
    const response = resultToHttpResponse({
      statusCode: 201,
      headers: { 'X-Thing': 'a', 'Content-Type': 'image/png' },
      cookies: ['a=1; Path=/', 'b=2'],
      body: Buffer.from([1, 2, 3]).toString('base64'),
      isBase64Encoded: true,
    });
    expect(response).toEqual({
      statusCode: 201,
      headers: { 'x-thing': 'a', 'content-type': 'image/png' },
      cookies: ['a=1; Path=/', 'b=2'],
      body: Buffer.from([1, 2, 3]),
    });
  });

  it('turns a plain object into a 200 JSON response, as API Gateway does', () => {
    const response = resultToHttpResponse({ ok: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body.toString()).toBe('{"ok":true}');
  });

  it('rejects an invalid status code', () => {
    expect(() => resultToHttpResponse({ statusCode: 42 })).toThrow(/invalid statusCode/);
  });
});

describe('helpers', () => {
  it('knows which content types are text', () => {
    expect(isTextContentType('application/json')).toBe(true);
    expect(isTextContentType('application/problem+json')).toBe(true);
    expect(isTextContentType('text/plain; charset=utf-8')).toBe(true);
    expect(isTextContentType('image/jpeg')).toBe(false);
    expect(isTextContentType(undefined)).toBe(false);
  });

  it('flattens claims like API Gateway', () => {
    expect(claimToString(['admins', 'editors'])).toBe('[admins editors]');
    expect(claimToString(1700000000)).toBe('1700000000');
    expect(claimToString(true)).toBe('true');
  });

  it('maps only paths of public keys (previews, template wm and thumb) to keys of the renders bucket', () => {
    expect(publicKeyOf('/previews/u1/10.jpg?v=1')).toBe('previews/u1/10.jpg');
    expect(publicKeyOf('/previews/a%20b.jpg')).toBe('previews/a b.jpg');
    expect(publicKeyOf('/previews/../hd/u1/10.jpg')).toBeNull();
    expect(publicKeyOf('/previews/%2e%2e/hd/x.jpg')).toBeNull();
    expect(publicKeyOf('/previews/..%2Fhd%2Fx.jpg')).toBeNull();
    expect(publicKeyOf('/previews//x.jpg')).toBeNull();
    expect(publicKeyOf('/hd/u1/10.jpg')).toBeNull();
    expect(publicKeyOf('/previews/')).toBeNull();
    expect(publicKeyOf('/templates/t1/wm.jpg')).toBe('templates/t1/wm.jpg');
    expect(publicKeyOf('/templates/t1/thumb.webp')).toBe('templates/t1/thumb.webp');
    expect(publicKeyOf('/templates/t1/native.jpg')).toBeNull();
    expect(publicKeyOf('/templates/t1/wm.jpg/../native.jpg')).toBeNull();
    expect(publicKeyOf('/compositions/c1/free.jpg')).toBeNull();
  });

  it('routes to the bucket what CloudFront would, and the rest to the site', () => {
    expect(isPublicFilePath('/previews/..%2Fhd%2Fx.jpg')).toBe(true);
    expect(isPublicFilePath('/templates/t1/wm.jpg')).toBe(true);
    expect(isPublicFilePath('/templates/t1/native.jpg')).toBe(false);
    expect(isPublicFilePath('/hd/u1/10.jpg')).toBe(false);
    expect(isPublicFilePath('/upload')).toBe(false);
  });
});

describe('rewriteCognitoCall', () => {
  it("rewrites Amplify's GetTokensFromRefreshToken to InitiateAuth REFRESH_TOKEN_AUTH", () => {
    const call = rewriteCognitoCall(
      'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      JSON.stringify({ ClientId: 'c', RefreshToken: 'r', DeviceKey: 'd' }),
    );
    expect(call.target).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(JSON.parse(call.body)).toEqual({
      ClientId: 'c',
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: 'r', DEVICE_KEY: 'd' },
    });
  });

  it('passes every other call through unchanged', () => {
    const call = rewriteCognitoCall('AWSCognitoIdentityProviderService.SignUp', '{"a":1}');
    expect(call).toEqual({ target: 'AWSCognitoIdentityProviderService.SignUp', body: '{"a":1}' });
  });
});
