/** Turns an API Gateway v2 event into the one typed Principal the use cases see. */
import { isIP } from 'node:net';
import { ADMINS_GROUP, VIEWER_IP_HEADER } from '@shared/deployment';
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

/** What the router found about the caller beyond a token: the verified visitor session, the address. */
export type CallerFacts = { sessionId?: string; clientIp?: string };

/**
 * Claims come from API Gateway's authorizer (user and admin routes) or, on routes without one,
 * from a token the handler verified itself (`verifiedClaims`). The visitor session is the one of a
 * token the server signed (the router verified it), never a value the browser chose.
 */
export function resolvePrincipal(
  event: APIGatewayProxyEventV2,
  { sessionId, clientIp }: CallerFacts = {},
  verifiedClaims?: JwtClaims,
): Principal {
  const claims = verifiedClaims ?? claimsOf(event);
  const where = clientIp ? { clientIp } : {};
  if (claims && typeof claims.sub === 'string') {
    // ID tokens name the user in cognito:username, access tokens in username.
    const username = claims['cognito:username'] ?? claims.username;
    return {
      kind: 'user',
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      // API Gateway's authorizer passes it as the string "true"; a decoded token as true.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      username: typeof username === 'string' ? username : undefined,
      sessionId,
      isAdmin: groupsOf(claims).includes(ADMINS_GROUP),
      ...where,
    };
  }
  return sessionId ? { kind: 'visitor', sessionId, ...where } : { kind: 'anonymous', ...where };
}

/**
 * The caller's address: behind CloudFront (a request that proved it came through it) the address
 * CloudFront's function wrote, since API Gateway's own sourceIp is then an edge server's; otherwise
 * (the local gateway, a direct call) the connection's.
 */
export function clientIpOf(event: APIGatewayProxyEventV2, throughCloudFront: boolean): string | undefined {
  const viewer = event.headers?.[VIEWER_IP_HEADER];
  if (throughCloudFront && viewer && isIP(viewer)) return viewer;
  const source = event.requestContext?.http?.sourceIp;
  return source && isIP(source) ? source : undefined;
}
