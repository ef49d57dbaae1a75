/** Visitor session tokens for tests, signed with the key the handlers under test read. */
import { signSessionToken } from '../core/sessions/session-tokens';

/** The key of fakeDeps' sessions; tests on the local stack use its SESSION_SECRET instead. */
export const TEST_SESSION_SECRET = 'test-visitor-session-key-0123456789abcdef';

/** The key in force: the local stack's (its environment, copied by loadLocalEnv) or the fakes'. */
export const sessionKeyInForce = () => process.env.SESSION_SECRET || TEST_SESSION_SECRET;

/** A token for `sessionId`, issued `at` (now unless given), as POST /api/session would answer it. */
export function visitorToken(sessionId: string, at: Date = new Date()): string {
  return signSessionToken(sessionKeyInForce(), sessionId, at).token;
}
