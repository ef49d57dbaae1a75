/**
 * npm run admin:grant -- someone@example.com
 * Adds an existing user to the Cognito group `admins`, on the running local stack or, with
 * USER_POOL_ID (and AWS credentials) set, on a deployed pool. The user's next sign-in carries the
 * group in the `cognito:groups` claim, which makes them an admin. This is the operator's way, with
 * the pool's credentials, for any address: ADMIN_EMAIL only decides who may claim /admin/grant.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ADMINS_GROUP } from '@shared/deployment';
import { z } from 'zod';
import { createCognitoIdentity } from '../../functions/adapters/cognito/identity';
import { NoPoolError, type PoolTarget, resolvePoolTarget } from './target';

export async function grantAdmin(email: string, target: PoolTarget): Promise<{ username: string }> {
  const parsed = z.email().safeParse(email.trim().toLowerCase());
  if (!parsed.success) throw new Error(`"${email}" is not an email address`);
  const cognito = new CognitoIdentityProviderClient({
    region: target.region,
    endpoint: target.endpoint,
    credentials: target.credentials,
  });
  try {
    return await createCognitoIdentity(cognito, target.userPoolId).addToAdmins(parsed.data);
  } finally {
    cognito.destroy();
  }
}

async function main(args: string[]): Promise<number> {
  const email = args.find((arg) => !arg.startsWith('-'));
  if (!email) {
    console.error('Usage: npm run admin:grant -- someone@example.com');
    return 2;
  }
  let target: PoolTarget;
  try {
    target = resolvePoolTarget(process.env);
  } catch (error) {
    if (error instanceof NoPoolError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const { username } = await grantAdmin(email, target);
    console.log(
      `${email} (user ${username}) is now in the "${ADMINS_GROUP}" group of ${target.kind} pool ${target.userPoolId}. ` +
        'It takes effect at their next sign-in (or token refresh).',
    );
    return 0;
  } catch (error) {
    const hint =
      target.kind === 'local' && /ECONNREFUSED|fetch failed/.test(String(error))
        ? ' Is the local stack running (npm start)?'
        : '';
    console.error(`Could not grant admin to ${email}: ${(error as Error).message}.${hint}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
