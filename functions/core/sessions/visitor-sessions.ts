/**
 * Visitor sessions the server issues: a new visitor gets a token for a session id the server chose
 * (new sessions counted per address, as they cost an attacker nothing), a token in use is renewed,
 * and a session id a browser made itself before tokens existed is adopted once.
 */
import { VISITOR_SESSION } from '@shared/deployment';
import type { StartSessionRequest } from '@shared/schemas/session';
import type { Deps } from '../deps';
import type { Principal } from '../ports';
import { takeAddressQuota } from '../quotas';
import type { IssuedSession } from './session-tokens';

const DAY_SECONDS = 86_400;

export async function startSession(
  deps: Pick<Deps, 'clock' | 'metrics' | 'quotaLimits' | 'quotas' | 'sessions' | 'uploads'>,
  principal: Principal,
  request: StartSessionRequest,
): Promise<IssuedSession> {
  const { sessions } = deps;
  // Only the Lambdas that serve visitors route here, and each is built with the key.
  if (!sessions) throw new Error('This Lambda holds no visitor session key');
  if (request.token) {
    const current = await sessions.verify(request.token);
    if (current) return sessions.issue(current.sessionId);
  }
  await takeAddressQuota(deps, principal.clientIp, 'session');
  const legacy = request.legacySessionId?.toLowerCase();
  if (legacy && (await adoptOnce(deps, legacy))) {
    deps.metrics.count('LegacySessionsAdopted');
    return sessions.issue(legacy);
  }
  deps.metrics.count('VisitorSessionsStarted');
  return sessions.issue(crypto.randomUUID());
}

/**
 * A browser-made session id is adopted only if it owns uploads (an empty one has nothing to keep)
 * and only once: whoever presents it afterwards, having read it somewhere, gets a new session.
 */
async function adoptOnce(
  deps: Pick<Deps, 'clock' | 'quotas' | 'uploads'>,
  sessionId: string,
): Promise<boolean> {
  const owned = await deps.uploads.listByOwner(`session:${sessionId}`, { limit: 1 });
  if (owned.length === 0) return false;
  // Remembered as long as any upload of the session can live.
  const expiresAt =
    Math.floor(deps.clock.now().getTime() / 1000) + VISITOR_SESSION.lifetimeDays * DAY_SECONDS;
  return deps.quotas.take(
    { owner: `session:${sessionId}`, action: 'adoptLegacySession', window: 'once' },
    1,
    expiresAt,
  );
}
