/** The user directory and the sign-in token check, in memory. */
import type { Identity, TokenVerifier } from '../../core/ports';

export type FakeIdentity = Identity & {
  /** Username by normalised email. */
  users: Map<string, string>;
  admins: Set<string>;
  /** Usernames signed out everywhere, in order. */
  signedOut: string[];
  addUser(email: string, username?: string): string;
};

export function createFakeIdentity(): FakeIdentity {
  const users = new Map<string, string>();
  const admins = new Set<string>();
  const signedOut: string[] = [];
  const normalise = (email: string) => email.trim().toLowerCase();
  return {
    users,
    admins,
    signedOut,
    addUser(email, username = crypto.randomUUID()) {
      users.set(normalise(email), username);
      return username;
    },
    async deleteUser(username) {
      // One that no longer exists is not an error.
      for (const [email, name] of users) if (name === username) users.delete(email);
      admins.delete(username);
    },
    async signOutEverywhere(username) {
      signedOut.push(username);
    },
    async addToAdmins(email) {
      const username = users.get(normalise(email));
      if (!username) throw new Error(`No user with the email ${normalise(email)}`);
      admins.add(username);
      return { username };
    },
    async addUserToAdmins(username) {
      admins.add(username);
    },
    async listAdmins() {
      return [...admins].slice(0, 10);
    },
  };
}

export type FakeTokenVerifier = TokenVerifier & {
  /** A token that verifies to these claims (string values, as API Gateway passes them). */
  issue(claims: Record<string, string>): string;
};

export function createFakeTokenVerifier(): FakeTokenVerifier {
  const issued = new Map<string, Record<string, string>>();
  return {
    issue(claims) {
      const token = `fake-token-${crypto.randomUUID()}`;
      issued.set(token, { ...claims });
      return token;
    },
    async verify(authorization) {
      const claims = issued.get(authorization.replace(/^Bearer\s+/i, '').trim());
      return claims ? { claims: { ...claims } } : null;
    },
  };
}
