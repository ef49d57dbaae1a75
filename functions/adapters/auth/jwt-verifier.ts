/**
 * Verifies a Cognito token the way API Gateway's JWT authorizer does and returns the claims as it
 * passes them to the Lambda: every value a string, arrays as "[a b]". Used by the local gateway
 * (as the authorizer) and by handlers of routes without an authorizer (optional sign-in).
 * Works against a real pool (https) and the local Cognito (http, which aws-jwt-verify's default
 * fetcher refuses).
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { AppConfig } from '../config';

export type JwtAuthorizerResult = { claims: Record<string, string>; scopes: string[] | null };

/** Fetches the JWKS over plain http too (local Cognito has no TLS). */
const httpFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`JWKS fetch from ${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

/** How API Gateway flattens a claim value into the event. */
export function claimToString(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(String).join(' ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

export type JwtAuthorizer = (authorization: string | undefined) => Promise<JwtAuthorizerResult | null>;

/**
 * Like API Gateway's authorizer with audience [clientId]: the token's `aud` (ID token) or
 * `client_id` (access token) must be the app client; issuer, signature and expiry are checked.
 */
export function createJwtAuthorizer(opts: { issuer: string; clientId: string }): JwtAuthorizer {
  const local = opts.issuer.startsWith('http:');
  const verifier = JwtRsaVerifier.create(
    {
      issuer: opts.issuer,
      audience: null,
      jwksUri: `${opts.issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => {
        if (payload.aud !== opts.clientId && payload.client_id !== opts.clientId) {
          throw new Error('Token was not issued to this app client');
        }
      },
    },
    local ? { jwksCache: new SimpleJwksCache({ fetcher: httpFetcher }) } : undefined,
  );
  return async (authorization) => {
    // API Gateway takes the token with or without the "Bearer " prefix.
    const token = authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    try {
      const payload = await verifier.verify(token);
      const claims = Object.fromEntries(
        Object.entries(payload)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => [name, claimToString(value)]),
      );
      const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      return { claims, scopes: scope.length ? scope : null };
    } catch {
      return null;
    }
  };
}

/** The pool's issuer: the local Cognito's when configured, else the AWS one. */
export function issuerOf(
  config: Pick<AppConfig, 'cognitoIssuer' | 'userPoolId' | 'region'>,
): string | undefined {
  if (config.cognitoIssuer) return config.cognitoIssuer;
  if (!config.userPoolId) return undefined;
  return `https://cognito-idp.${config.region}.amazonaws.com/${config.userPoolId}`;
}
