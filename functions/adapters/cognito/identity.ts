/** The Identity port on a Cognito user pool (the local cognito-local or AWS). */
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMINS_GROUP } from '@shared/deployment';
import type { Identity } from '../../core/ports';

const isNamed = (error: unknown, name: string) => (error as { name?: string }).name === name;

/** A ListUsers filter value: quotes and backslashes escaped. */
export function filterValue(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export type CognitoIdentityOptions = {
  /**
   * The pool has no global sign-out (cognito-local): only the local stack says so
   * (COGNITO_GLOBAL_SIGN_OUT=unsupported). Anywhere else a failing sign-out fails the deletion.
   */
  globalSignOutUnsupported?: boolean;
  /** Where a skipped sign-out is reported. */
  warn?: (message: string) => void;
};

/** cognito-local answers an operation it lacks with `CognitoLocal#Unsupported` (HTTP 500). */
const isUnsupportedOperation = (error: unknown) =>
  isNamed(error, 'Unsupported') || /unsupported feature/i.test(String((error as Error)?.message));

export function createCognitoIdentity(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  options: CognitoIdentityOptions = {},
): Identity {
  return {
    async signOutEverywhere(username) {
      try {
        await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
      } catch (error) {
        if (isNamed(error, 'UserNotFoundException')) return;
        if (options.globalSignOutUnsupported && isUnsupportedOperation(error)) {
          options.warn?.('global sign-out skipped: this user pool (cognito-local) does not have it');
          return;
        }
        throw error;
      }
    },

    async deleteUser(username) {
      try {
        await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
      } catch (error) {
        // Deleting twice (a retried request) is done, not an error.
        if (!isNamed(error, 'UserNotFoundException')) throw error;
      }
    },

    async addToAdmins(email) {
      const normalised = email.trim().toLowerCase();
      const found = await cognito.send(
        new ListUsersCommand({
          UserPoolId: userPoolId,
          Filter: `email = ${filterValue(normalised)}`,
          Limit: 2,
        }),
      );
      const username = found.Users?.[0]?.Username;
      if (!username) throw new Error(`No user with the email ${normalised} in pool ${userPoolId}`);
      await addToGroup(username);
      return { username };
    },

    addUserToAdmins: (username) => addToGroup(username),

    async listAdmins() {
      const { Users } = await cognito.send(
        new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: ADMINS_GROUP, Limit: 10 }),
      );
      return (Users ?? []).flatMap((user) => (user.Username ? [user.Username] : []));
    },
  };

  async function addToGroup(username: string) {
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: ADMINS_GROUP }),
    );
  }
}

/** Without a configured pool nothing can be deleted or granted: say so instead of failing obscurely. */
export const unconfiguredIdentity: Identity = {
  deleteUser: async () => {
    throw new Error('USER_POOL_ID is not configured');
  },
  signOutEverywhere: async () => {
    throw new Error('USER_POOL_ID is not configured');
  },
  addToAdmins: async () => {
    throw new Error('USER_POOL_ID is not configured');
  },
  addUserToAdmins: async () => {
    throw new Error('USER_POOL_ID is not configured');
  },
  listAdmins: async () => {
    throw new Error('USER_POOL_ID is not configured');
  },
};
