/** Operators for the browser tests, arranged on the stack's user pool (frontend/e2e/stack.ts). */
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminRemoveUserFromGroupCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ADMINS_GROUP } from '@shared/deployment';
import { keys } from '../../functions/adapters/dynamo/table-design';
import { createUser, freshEmail } from './accounts-helpers';
import { stackCognito, stackEnv, stackTable } from './stack';

/** A confirmed account in the `admins` group (as `npm run admin:grant` makes one); its email. */
export async function createAdmin(baseURL: string, tag = 'admin'): Promise<string> {
  const email = freshEmail(tag);
  await createUser(baseURL, email);
  const cognito = stackCognito();
  try {
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: stackEnv().USER_POOL_ID,
        Username: email,
        GroupName: ADMINS_GROUP,
      }),
    );
  } finally {
    cognito.destroy();
  }
  return email;
}

/** The address the stack names as its first admin (ADMIN_EMAIL): only it may claim /admin/grant. */
export const namedAdminEmail = (): string => stackEnv().ADMIN_EMAIL;

/**
 * A pool with no admin yet, as on a new deployment: the group emptied, the setup claim removed and
 * no account with the named address (the test signs it up again).
 */
export async function withoutAdmins(): Promise<void> {
  const cognito = stackCognito();
  const table = stackTable();
  const UserPoolId = stackEnv().USER_POOL_ID;
  try {
    const { Users = [] } = await cognito.send(
      new ListUsersInGroupCommand({ UserPoolId, GroupName: ADMINS_GROUP }),
    );
    for (const user of Users) {
      await cognito.send(
        new AdminRemoveUserFromGroupCommand({
          UserPoolId,
          Username: user.Username!,
          GroupName: ADMINS_GROUP,
        }),
      );
    }
    await table.send(new DeleteCommand({ TableName: stackEnv().TABLE_NAME, Key: keys.firstAdmin() }));
    await cognito
      .send(new AdminDeleteUserCommand({ UserPoolId, Username: namedAdminEmail() }))
      .catch((error) => {
        if (!(error instanceof UserNotFoundException)) throw error;
      });
  } finally {
    cognito.destroy();
    table.destroy();
  }
}
