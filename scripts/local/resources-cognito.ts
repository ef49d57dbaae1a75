/** The local user pool, its app client and the admins group: created once, then reused. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMINS_GROUP } from '@shared/deployment';
import { PASSWORD_MIN_LENGTH } from '@shared/rules/auth-form';

export const poolNames = {
  userPool: 'little-futures',
  appClient: 'little-futures-web',
  adminsGroup: ADMINS_GROUP,
} as const;

type StackFile = { userPoolId: string; userPoolClientId: string };

/** Reuses the pool recorded in `<dataDir>/stack.json` (or found by name), else creates it. */
export async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
  dataDir: string,
): Promise<StackFile> {
  const stackFile = path.join(dataDir, 'stack.json');
  const saved = existsSync(stackFile)
    ? (JSON.parse(readFileSync(stackFile, 'utf8')) as Partial<StackFile>)
    : {};

  let userPoolId = saved.userPoolId;
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  if (!pools.UserPools?.some((p) => p.Id === userPoolId)) {
    userPoolId = pools.UserPools?.find((p) => p.Name === poolNames.userPool)?.Id;
  }
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: poolNames.userPool,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_MIN_LENGTH,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }

  let userPoolClientId = saved.userPoolClientId;
  const known = userPoolClientId
    ? await cognito
        .send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }))
        .then(
          () => true,
          () => false,
        )
    : false;
  if (!known) {
    const list = await cognito.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    userPoolClientId = list.UserPoolClients?.find((c) => c.ClientName === poolNames.appClient)?.ClientId;
  }
  if (!userPoolClientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: poolNames.appClient,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }

  // ListGroups, not GetGroup: cognito-local answers GetGroup with a 500 while a pool has no groups.
  const groups = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (!groups.Groups?.some((g) => g.GroupName === poolNames.adminsGroup)) {
    await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: poolNames.adminsGroup }));
  }

  const result = { userPoolId, userPoolClientId };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(stackFile, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
