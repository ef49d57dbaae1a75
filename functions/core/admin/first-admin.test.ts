import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, visitor } from '../../test-support/fakes/scenes';
import { DomainError } from '../errors';
import { grantFirstAdmin } from './first-admin';

const operator = (name: string) => parent({ username: name, email: `${name}@example.com` });

describe('grantFirstAdmin', () => {
  it('makes the first signed-in caller an admin while the group is empty', async () => {
    const deps = fakeDeps();
    await expect(grantFirstAdmin(deps, operator('ada'))).resolves.toEqual({ granted: true });
    expect([...deps.identity.admins]).toEqual(['ada']);
    expect(deps.table.firstAdmin?.userSub).toEqual(expect.any(String));
  });

  it('refuses everyone once the group has a member, and tells a member they already are one', async () => {
    const deps = fakeDeps();
    await grantFirstAdmin(deps, operator('ada'));
    await expect(grantFirstAdmin(deps, operator('bob'))).rejects.toMatchObject({
      kind: 'forbidden',
      messageKey: 'adminsManagedByAdmins',
    });
    await expect(grantFirstAdmin(deps, operator('ada'))).rejects.toMatchObject({
      kind: 'conflict',
      messageKey: 'alreadyAdmin',
    });
    expect([...deps.identity.admins]).toEqual(['ada']);
  });

  it('refuses when an admin was added by the operator tool (no setup claim)', async () => {
    const deps = fakeDeps();
    await deps.identity.addUserToAdmins('ops');
    await expect(grantFirstAdmin(deps, operator('eve'))).rejects.toMatchObject({ kind: 'forbidden' });
    expect(deps.table.firstAdmin).toBeUndefined();
  });

  it('lets exactly one of two people racing for "first" win', async () => {
    const deps = fakeDeps();
    const results = await Promise.allSettled([
      grantFirstAdmin(deps, operator('ada')),
      grantFirstAdmin(deps, operator('bob')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(deps.identity.admins.size).toBe(1);
  });

  it('releases the claim when joining the group fails, so setup can be tried again', async () => {
    const deps = fakeDeps();
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
    const deps = fakeDeps();
    for (const who of [visitor(), parent()]) {
      const error = await grantFirstAdmin(deps, who).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'unauthenticated', messageKey: 'pleaseLogInFirst' });
    }
    expect(deps.identity.admins.size).toBe(0);
  });
});
