import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, visitor } from '../../test-support/fakes/scenes';
import { DomainError } from '../errors';
import { grantFirstAdmin, isNamedAdmin } from './first-admin';

const operator = (name: string, emailVerified = true) =>
  parent({ username: name, email: `${name}@example.com`, emailVerified });
/** A deployment that names ada as its first admin. */
const named = () => fakeDeps({ adminEmail: 'ada@example.com' });

describe('grantFirstAdmin', () => {
  it('makes the named address an admin while the group is empty', async () => {
    const deps = named();
    await expect(grantFirstAdmin(deps, operator('ada'))).resolves.toEqual({ granted: true });
    expect([...deps.identity.admins]).toEqual(['ada']);
    expect(deps.table.firstAdmin?.userSub).toEqual(expect.any(String));
  });

  it('compares the address case-insensitively', async () => {
    const deps = fakeDeps({ adminEmail: 'ada@example.com' });
    const ada = parent({ username: 'ada', email: 'Ada@Example.COM', emailVerified: true });
    await expect(grantFirstAdmin(deps, ada)).resolves.toEqual({ granted: true });
  });

  it('refuses any other signed-in caller while the group is still empty', async () => {
    const deps = named();
    await expect(grantFirstAdmin(deps, operator('eve'))).rejects.toMatchObject({
      kind: 'forbidden',
      messageKey: 'notTheNamedAdmin',
    });
    expect(deps.identity.admins.size).toBe(0);
    expect(deps.table.firstAdmin).toBeUndefined();
  });

  it('refuses the named address while the token says it is not verified', async () => {
    const deps = named();
    await expect(grantFirstAdmin(deps, operator('ada', false))).rejects.toMatchObject({
      kind: 'forbidden',
      messageKey: 'notTheNamedAdmin',
    });
    expect(deps.identity.admins.size).toBe(0);
  });

  it('lets nobody claim it when no address is named, saying how the deployer names one', async () => {
    const deps = fakeDeps();
    await expect(grantFirstAdmin(deps, operator('ada'))).rejects.toMatchObject({
      kind: 'forbidden',
      messageKey: 'firstAdminNotNamed',
    });
    expect(deps.identity.admins.size).toBe(0);
  });

  it('refuses everyone once the group has a member, and tells a member they already are one', async () => {
    const deps = fakeDeps({ adminEmail: 'bob@example.com' });
    await deps.identity.addUserToAdmins('ada');
    await expect(grantFirstAdmin(deps, operator('bob'))).rejects.toMatchObject({
      kind: 'forbidden',
      messageKey: 'adminsManagedByAdmins',
    });
    await expect(grantFirstAdmin(deps, operator('ada'))).rejects.toMatchObject({
      kind: 'conflict',
      messageKey: 'alreadyAdmin',
    });
    expect([...deps.identity.admins]).toEqual(['ada']);
    expect(deps.table.firstAdmin).toBeUndefined();
  });

  it('lets exactly one of two requests racing for "first" win', async () => {
    const deps = named();
    const ada = operator('ada');
    const results = await Promise.allSettled([
      grantFirstAdmin(deps, ada),
      grantFirstAdmin(deps, { ...ada, sessionId: 'other-tab' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(deps.identity.admins.size).toBe(1);
  });

  it('releases the claim when joining the group fails, so setup can be tried again', async () => {
    const deps = named();
    const addUserToAdmins = deps.identity.addUserToAdmins;
    deps.identity.addUserToAdmins = async () => {
      throw new Error('Cognito is down');
    };
    await expect(grantFirstAdmin(deps, operator('ada'))).rejects.toThrow('Cognito is down');
    expect(deps.table.firstAdmin).toBeUndefined();
    deps.identity.addUserToAdmins = addUserToAdmins;
    await expect(grantFirstAdmin(deps, operator('ada'))).resolves.toEqual({ granted: true });
  });

  it('needs a signed-in caller with a username', async () => {
    const deps = named();
    for (const who of [visitor(), parent()]) {
      const error = await grantFirstAdmin(deps, who).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'unauthenticated', messageKey: 'pleaseLogInFirst' });
    }
    expect(deps.identity.admins.size).toBe(0);
  });
});

describe('isNamedAdmin', () => {
  it('needs a named address, an email and its verification', () => {
    expect(isNamedAdmin('ada@example.com', ' ADA@example.com', true)).toBe(true);
    expect(isNamedAdmin(undefined, 'ada@example.com', true)).toBe(false);
    expect(isNamedAdmin('ada@example.com', undefined, true)).toBe(false);
    expect(isNamedAdmin('ada@example.com', 'ada@example.com.evil', true)).toBe(false);
    expect(isNamedAdmin('ada@example.com', 'ada@example.com', false)).toBe(false);
  });
});
