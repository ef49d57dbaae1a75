/**
 * The Identity adapter on cognito-local: it has no AdminUserGlobalSignOut, so account deletion may
 * skip the sign-out there, and only when the configuration says the pool lacks it (the local stack).
 */
import { describe, expect, it } from 'vitest';
import { cognito, newParent } from '../../test-support/cognito';
import { loadLocalEnv } from '../../test-support/local-env';
import { createCognitoIdentity } from './identity';

const env = loadLocalEnv();

describe('Identity on the local Cognito: global sign-out', () => {
  it('the local stack says this pool has no global sign-out', () => {
    expect(env.COGNITO_GLOBAL_SIGN_OUT).toBe('unsupported');
  });

  it('fails the sign-out when nothing says the pool lacks it (as in AWS, a failure stops the deletion)', async () => {
    const parent = await newParent();
    const identity = createCognitoIdentity(cognito(), env.USER_POOL_ID);
    await expect(identity.signOutEverywhere(parent.email)).rejects.toThrow(/unsupported/i);
  });

  it('skips it, with a warning, where the local stack says the pool lacks it', async () => {
    const parent = await newParent();
    const warnings: string[] = [];
    const identity = createCognitoIdentity(cognito(), env.USER_POOL_ID, {
      globalSignOutUnsupported: true,
      warn: (message) => warnings.push(message),
    });
    await identity.signOutEverywhere(parent.email);
    expect(warnings).toEqual(['global sign-out skipped: this user pool (cognito-local) does not have it']);
  });
});
