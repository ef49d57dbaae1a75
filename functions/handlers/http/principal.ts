/** Turns an API Gateway v2 event into the one typed Principal the use cases see. */
import { SESSION_HEADER } from '@shared/api';
import { ADMINS_GROUP } from '@shared/deployment';
import { isUuid } from '@shared/rules/ids';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Principal } from '../../core/ports';

type JwtClaims = Record<string, string | number | boolean | string[] | undefined>;

function claimsOf(event: APIGatewayProxyEventV2): JwtClaims | undefined {
  const context = event.requestContext as APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: JwtClaims } };
  };
  return context.authorizer?.jwt?.claims;
}

/** API Gateway passes cognito:groups as "[admins other]" or as an array, depending on the token. */
export function groupsOf(claims: JwtClaims): string[] {
  const raw = claims['cognito:groups'];
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string') return [];
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/**
 * Claims come from API Gateway's authorizer (user and admin routes) or, on routes without one,
 * from a token the handler verified itself (`verifiedClaims`).
 */
export function resolvePrincipal(event: APIGatewayProxyEventV2, verifiedClaims?: JwtClaims): Principal {
  const header = event.headers?.[SESSION_HEADER];
  const sessionId = isUuid(header) ? header.toLowerCase() : undefined;
  const claims = verifiedClaims ?? claimsOf(event);
  if (claims && typeof claims.sub === 'string') {
    // ID tokens name the user in cognito:username, access tokens in username.
    const username = claims['cognito:username'] ?? claims.username;
    return {
      kind: 'user',
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      username: typeof username === 'string' ? username : undefined,
      sessionId,
      isAdmin: groupsOf(claims).includes(ADMINS_GROUP),
    };
  }
  return sessionId ? { kind: 'visitor', sessionId } : { kind: 'anonymous' };
}
