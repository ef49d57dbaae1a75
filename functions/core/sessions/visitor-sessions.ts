/**
 * Visitor sessions the server issues: a new visitor gets a token for a session id the server chose
 * (new sessions counted per address, as they cost an attacker nothing), and a token in use is
 * renewed.
 */
import type { StartSessionRequest } from '@shared/schemas/session';
import type { Deps } from '../deps';
import type { Principal } from '../ports';
import { takeAddressQuota } from '../quotas';
import type { IssuedSession } from './session-tokens';

export async function startSession(
  deps: Pick<Deps, 'clock' | 'metrics' | 'quotaLimits' | 'quotas' | 'sessions'>,
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
  deps.metrics.count('VisitorSessionsStarted');
  return sessions.issue(crypto.randomUUID());
}
