/** What a request to an emulator asks IAM for, and who signed it: shared by each service's classifier. */
import type { IncomingHttpHeaders } from 'node:http';

/** One permission AWS checks before it serves the request. */
export type Check = { action: string; resource: string };

export type Classification =
  /** AWS evaluates no IAM policy for it (a CORS preflight, Cognito's public user APIs, JWKS). */
  | { kind: 'public'; operation: string }
  | {
      kind: 'checked';
      operation: string;
      /** Every one must be allowed. */
      checks: Check[];
      /**
       * S3 GET/HEAD of an object (or a copy's source): when the object is missing, a caller without
       * s3:ListBucket on this bucket hears 403, not 404, so it cannot probe for keys.
       */
      missingKeyBucket?: string;
    }
  /** Not understood: the deployer's still pass, anyone else's are refused, loudly. */
  | { kind: 'unrecognised'; operation: string };

export const checked = (operation: string, checks: Check[], missingKeyBucket?: string): Classification => {
  const seen = new Set<string>();
  const unique = checks.filter((c) => {
    const key = `${c.action} ${c.resource}`;
    return !seen.has(key) && seen.add(key);
  });
  return { kind: 'checked', operation, checks: unique, ...(missingKeyBucket ? { missingKeyBucket } : {}) };
};

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The access key id that signed the request: SigV4's Authorization header, a presigned URL's
 * X-Amz-Credential (judged as the role that signed it, as in AWS), or undefined when unsigned.
 */
export function accessKeyOf(headers: IncomingHttpHeaders, rawUrl: string | undefined): string | undefined {
  const authorization = header(headers, 'authorization');
  if (authorization) {
    const v4 = /Credential=([^/,\s]+)\//.exec(authorization);
    if (v4) return v4[1];
    const v2 = /^AWS ([^:\s]+):/.exec(authorization);
    if (v2) return v2[1];
  }
  const query = new URL(rawUrl ?? '/', 'http://local').searchParams;
  const credential = query.get('X-Amz-Credential');
  if (credential) return credential.split('/')[0];
  return query.get('AWSAccessKeyId') ?? undefined;
}

/** The body as JSON, or undefined when it is not a JSON object. */
export function jsonBody(body: Buffer | string | undefined): Record<string, unknown> | undefined {
  if (body === undefined) return undefined;
  try {
    const parsed = JSON.parse(body.toString() || '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The operation named by `X-Amz-Target: <prefix>.<Operation>`, if the prefix matches. */
export function targetOperation(headers: IncomingHttpHeaders, prefix: string): string | undefined {
  const target = header(headers, 'x-amz-target');
  return target?.startsWith(`${prefix}.`) ? target.slice(prefix.length + 1) : undefined;
}

export { header };
