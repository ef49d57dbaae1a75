/**
 * The site's Content-Security-Policy (CloudFront sends it with every response): which origins the
 * browser may reach besides the site itself, each named, never a wildcard host.
 */
import type * as s3 from 'aws-cdk-lib/aws-s3';

/** Origins the browser reaches besides the site itself, each a scheme and host, no wildcard. */
export type CspOrigins = {
  /** The user pool's Cognito endpoint (Amplify's sign-in calls). */
  cognito: string;
  /** The uploads bucket's endpoints: presigned PUTs of photos, presigned GETs of cut-outs. */
  uploads: readonly string[];
  /** The renders bucket's endpoints: presigned GETs of private keepsakes and HD files shown on the page. */
  renders: readonly string[];
};

/**
 * The browser talks to Cognito and to the two buckets (presigned URLs) directly; everything else is
 * same-origin. Named hosts only: `https://*.amazonaws.com` would let an injected script send data to
 * any bucket or service of anyone.
 */
export function contentSecurityPolicy({ cognito, uploads, renders }: CspOrigins): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets WebAssembly compile (the HEIC decoder, libheif); it allows no JavaScript eval.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    // Presigned GETs of private images (cut-outs, keepsakes) come straight from S3.
    ['img-src', "'self'", 'data:', 'blob:', ...uploads, ...renders].join(' '),
    "font-src 'self' data:",
    ['connect-src', "'self'", cognito, ...uploads].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A bucket's endpoints as presigned URLs name them: regional, and the global name. */
export function bucketOrigins(bucket: s3.IBucket): string[] {
  return [`https://${bucket.bucketRegionalDomainName}`, `https://${bucket.bucketDomainName}`];
}

/** The Cognito endpoint of a user pool in `region`. */
export function cognitoOrigin(region: string): string {
  return `https://cognito-idp.${region}.amazonaws.com`;
}

/** The policy as a deployment in eu-west-1 sends it, for pages that browser tests and benches serve locally. */
export const SAMPLE_CONTENT_SECURITY_POLICY = contentSecurityPolicy({
  cognito: cognitoOrigin('eu-west-1'),
  uploads: ['https://uploads.s3.eu-west-1.amazonaws.com', 'https://uploads.s3.amazonaws.com'],
  renders: ['https://renders.s3.eu-west-1.amazonaws.com', 'https://renders.s3.amazonaws.com'],
});
