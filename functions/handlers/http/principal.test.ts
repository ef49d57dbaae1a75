import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { groupsOf, resolvePrincipal } from './principal';

const event = (headers: Record<string, string>, claims?: Record<string, string>) =>
  ({
    headers,
    requestContext: claims ? { authorizer: { jwt: { claims } } } : {},
  }) as unknown as APIGatewayProxyEventV2;

const sid = '0b6f6e2c-4d0a-4c4e-9a37-1f2d3c4b5a69';

describe('resolvePrincipal', () => {
  it('takes a UUID session header as a visitor', () => {
    expect(resolvePrincipal(event({ 'x-session-id': sid.toUpperCase() }))).toEqual({
      kind: 'visitor',
      sessionId: sid,
    });
  });
  it('refuses a session id that is not a UUID', () => {
    expect(resolvePrincipal(event({ 'x-session-id': 'DROP TABLE' }))).toEqual({ kind: 'anonymous' });
  });
  it('prefers verified JWT claims and keeps the session for migration', () => {
    const principal = resolvePrincipal(
      event({ 'x-session-id': sid }, { sub: 'u-1', 'cognito:groups': '[admins]' }),
    );
    expect(principal).toEqual({ kind: 'user', sub: 'u-1', email: undefined, sessionId: sid, isAdmin: true });
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
