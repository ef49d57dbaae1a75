import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientIpOf, groupsOf, resolvePrincipal } from './principal';

const event = (headers: Record<string, string>, claims?: Record<string, string>, sourceIp = '198.51.100.4') =>
  ({
    headers,
    requestContext: {
      http: { sourceIp },
      ...(claims ? { authorizer: { jwt: { claims } } } : {}),
    },
  }) as unknown as APIGatewayProxyEventV2;

const sid = '0b6f6e2c-4d0a-4c4e-9a37-1f2d3c4b5a69';

describe('resolvePrincipal', () => {
  it('is a visitor only with the session the router verified from a signed token', () => {
    expect(resolvePrincipal(event({}), { sessionId: sid, clientIp: '198.51.100.4' })).toEqual({
      kind: 'visitor',
      sessionId: sid,
      clientIp: '198.51.100.4',
    });
    // Whatever header the browser sends, without a verified session nobody is known.
    expect(resolvePrincipal(event({ 'x-session-id': sid, 'x-session-token': sid }))).toEqual({
      kind: 'anonymous',
    });
  });
  it('prefers verified JWT claims and keeps the session for migration', () => {
    const principal = resolvePrincipal(event({}, { sub: 'u-1', 'cognito:groups': '[admins]' }), {
      sessionId: sid,
    });
    expect(principal).toEqual({
      kind: 'user',
      sub: 'u-1',
      email: undefined,
      emailVerified: false,
      sessionId: sid,
      isAdmin: true,
    });
  });
});

describe('clientIpOf', () => {
  it("trusts CloudFront's viewer address only on a request that came through CloudFront", () => {
    const viaCloudFront = event({ 'x-viewer-ip': '203.0.113.5' }, undefined, '130.176.0.1');
    expect(clientIpOf(viaCloudFront, true)).toBe('203.0.113.5');
    // Locally (and anywhere the origin is not verified) a browser could write the header itself.
    expect(clientIpOf(viaCloudFront, false)).toBe('130.176.0.1');
    expect(clientIpOf(event({ 'x-viewer-ip': 'not an address' }, undefined, '130.176.0.1'), true)).toBe(
      '130.176.0.1',
    );
  });
});

describe('emailVerified', () => {
  it("is Cognito's email_verified claim in both shapes (authorizer string, decoded boolean); anything else is not", () => {
    const verified = (value: unknown) =>
      resolvePrincipal(event({}, { sub: 'u-1', email_verified: value } as Record<string, string>));
    expect(verified('true')).toMatchObject({ emailVerified: true });
    expect(verified(true)).toMatchObject({ emailVerified: true });
    for (const value of ['false', false, 'TRUE', 1, undefined])
      expect(verified(value), String(value)).toMatchObject({ emailVerified: false });
  });
});

describe('groupsOf', () => {
  it('reads the groups claim in both shapes API Gateway produces', () => {
    expect(groupsOf({ 'cognito:groups': '[admins editors]' })).toEqual(['admins', 'editors']);
    expect(groupsOf({ 'cognito:groups': ['admins'] })).toEqual(['admins']);
    expect(groupsOf({})).toEqual([]);
  });
});

describe('username', () => {
  it('comes from cognito:username (ID token) or username (access token)', () => {
    const id = resolvePrincipal(event({}, { sub: 'u-1', 'cognito:username': 'name-1', email: 'a@b.c' }));
    expect(id).toMatchObject({ kind: 'user', username: 'name-1', email: 'a@b.c', isAdmin: false });
    const access = resolvePrincipal(event({}, { sub: 'u-1', username: 'name-2' }));
    expect(access).toMatchObject({ kind: 'user', username: 'name-2' });
  });
});
