/**
 * The seam between the API client and the sign-in: auth-session.ts provides how to get the ID
 * token, api-client.ts asks for it. Neither imports the other, so loading Amplify (which fetches
 * its config through the API client) closes no import cycle.
 */
type IdTokenSource = () => Promise<string | null>;

let source: IdTokenSource | undefined;

/** Called once by auth-session.ts when it loads; tests provide their own source. */
export function provideIdToken(next: IdTokenSource): void {
  source = next;
}

/** The ID token for `Authorization: Bearer`, refreshed when due; null for visitors. */
export function idToken(): Promise<string | null> {
  // Loud on purpose: without a source every request would silently go out signed out.
  if (!source) return Promise.reject(new Error('No ID token source: lib/auth/auth-session.ts is not loaded'));
  return source();
}
