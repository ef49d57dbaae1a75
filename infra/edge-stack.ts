/**
 * What CloudFront needs from us-east-1, whatever region the app runs in: the WAF web ACL. The app's
 * stack reads its ARN through CDK's cross-region references (an SSM parameter written here, read there),
 * and the webhook key from a replica of its secret in the app's region.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeFirewall, type EdgeFirewallProps } from './constructs/edge-firewall';

export const EDGE_REGION = 'us-east-1';

export type LittleFuturesEdgeStackProps = Omit<StackProps, 'env'> & { account?: string } & EdgeFirewallProps;

export class LittleFuturesEdgeStack extends Stack {
  readonly firewall: EdgeFirewall;

  constructor(
    scope: Construct,
    id: string,
    { account, appRegion, webhookKeyRotation, ...props }: LittleFuturesEdgeStackProps,
  ) {
    super(scope, id, { ...props, env: { account, region: EDGE_REGION }, crossRegionReferences: true });
    this.firewall = new EdgeFirewall(this, 'Firewall', { appRegion, webhookKeyRotation });
  }
}
