/**
 * Email the app sends (SES v2): the sender address and the one permission to send from it.
 *
 * No SES identity is created here: a no-reply address cannot click a verification link, and a domain
 * identity needs DNS records only the operator can add. The operator verifies the address or its domain
 * in SES (and moves the account out of the SES sandbox); the grant names both identities.
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';

/** CDK context `mailFrom` overrides it: `npx cdk deploy -c mailFrom=hello@example.org`. */
export const DEFAULT_MAIL_FROM = 'no-reply@example.com';

/** A bare address (no display name): SES matches it against the ses:FromAddress condition below. */
const ADDRESS = /^[^\s@<>"]+@([a-z0-9-]+\.)+[a-z]{2,}$/i;

/** Fails the synth on a malformed address, instead of the first email failing at run time. */
export function checkMailFrom(address: string): string {
  if (!ADDRESS.test(address)) throw new Error(`mailFrom must be a bare email address, got "${address}"`);
  return address;
}

/**
 * `ses:SendEmail` (SES v2) on the sender's identities only, and only with that From address. SES
 * authorises a send against the identity that covers the From address: the address itself when it
 * is verified, else its domain. A configuration set would need its own ARN here; none is used.
 */
export function grantSendEmailFrom(role: iam.IRole, address: string): void {
  const identityArn = (identity: string) =>
    Stack.of(role).formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
  const domain = checkMailFrom(address).split('@')[1];
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [identityArn(address), identityArn(domain)],
      conditions: { StringEquals: { 'ses:FromAddress': address } },
    }),
  );
}
