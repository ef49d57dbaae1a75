/**
 * The WAF web ACL in front of CloudFront. A webhook request without the webhook key in its URL is
 * blocked before anything counts it, so unsigned junk can neither starve nor share the webhooks'
 * throttles; keyed ones meet a per-IP rate limit, then pass (their handlers verify the sender's
 * signature). Every other request meets AWS's IP reputation list, its known-bad-input and common rule
 * sets, and a per-IP rate limit on the API. A CLOUDFRONT-scoped ACL exists only in us-east-1, so this
 * construct lives in the edge stack (infra/edge-stack.ts), whatever the region of the app.
 */
import { routes } from '@shared/api';
import { WEBHOOK_KEY_PARAM } from '@shared/deployment';
import { Stack, Token } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { acknowledge } from './grants';

/** Requests per IP per 5 minutes on /api/*: the progress page polls every 2 s (150), with room for a family behind one address. */
export const API_RATE_LIMIT_PER_5_MIN = 1000;
/**
 * Keyed webhook requests per IP per 5 minutes: Stripe and Replicate each send from a handful of
 * addresses, far below this; a leaked key used from one address cannot fill the webhook's 25/s alone.
 */
export const WEBHOOK_RATE_LIMIT_PER_5_MIN = 3000;

/** AWS managed rule groups, in evaluation order. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/**
 * Rules of the common set that only count: the template seeder posts JSON with data: URLs and Stripe's
 * events can be large, both well over the 8 KB body the rule allows (photos go straight to S3).
 */
const COUNT_ONLY: Partial<Record<(typeof MANAGED_RULE_GROUPS)[number], string[]>> = {
  AWSManagedRulesCommonRuleSet: ['SizeRestrictions_BODY'],
};

const WEBHOOK_PATHS = [routes.stripeWebhook.path, routes.aiWebhook.path];

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});
const isWebhook: wafv2.CfnWebACL.StatementProperty = {
  orStatement: { statements: WEBHOOK_PATHS.map(pathIs) },
};

/** What the app stack needs to put the key in the webhook URLs it hands out (stack.ts). */
export type WebhookKeyRef = {
  /** The secret's name, the same in us-east-1 and in the app's region (a replica there). */
  secretName: string;
  /** The webhookKeyRotation context: bumping it makes CloudFormation read the secret again. */
  rotation: number;
};

export type EdgeFirewallProps = {
  /** The app stack's region, where a replica of the webhook key is read at deploy; none in us-east-1. */
  appRegion?: string;
  /** Bumped (CDK context webhookKeyRotation) after a new key is put in the secret. */
  webhookKeyRotation?: number;
};

export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /** The key in the webhook URLs; generated at the first deploy, never in a template. */
  readonly webhookKeySecret: secretsmanager.Secret;
  readonly webhookKey: WebhookKeyRef;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    const region = stack.region;
    if (!Token.isUnresolved(region) && region !== 'us-east-1') {
      throw new Error(`A CloudFront web ACL must be created in us-east-1, not ${region}`);
    }

    // Read at deploy by dynamic references (never in a template): by the WAF rule here, and from a replica
    // in the app's region by the render worker, which puts the keyed URL in each prediction. Rotating:
    // put a new value in this secret, deploy both stacks with -c webhookKeyRotation=<n+1> (so both
    // resources read it again), then give Stripe the new URL; Stripe retries what was refused meanwhile
    // and the render sweeper polls predictions whose webhook was.
    const rotation = props.webhookKeyRotation ?? 0;
    const secretName = `${stack.stackName}-webhook-key`;
    const replica = props.appRegion && props.appRegion !== region ? props.appRegion : undefined;
    this.webhookKeySecret = new secretsmanager.Secret(this, 'WebhookKey', {
      secretName,
      description: `The ${WEBHOOK_KEY_PARAM}= query parameter of the Stripe and AI provider webhook URLs`,
      generateSecretString: { excludePunctuation: true, passwordLength: 40 },
      replicaRegions: replica ? [{ region: replica }] : undefined,
    });
    acknowledge(
      this.webhookKeySecret,
      'AwsSolutions-SMG4',
      'The webhook key is also registered at Stripe, by hand, as part of the endpoint URL: an automatic ' +
        'rotation would refuse every delivery until then. Rotated by hand (webhookKeyRotation context).',
    );
    this.webhookKey = { secretName, rotation };
    const webhookKey = this.webhookKeySecret.secretValue.unsafeUnwrap();

    const rules: wafv2.CfnWebACL.RuleProperty[] = [
      {
        // First, so that junk without the key never reaches a rate rule or API Gateway's throttle.
        name: 'BlockWebhooksWithoutKey',
        priority: 0,
        action: { block: {} },
        statement: {
          andStatement: {
            statements: [isWebhook, { notStatement: { statement: queryKeyIs(webhookKey) } }],
          },
        },
        visibilityConfig: visibility('BlockWebhooksWithoutKey'),
      },
      {
        name: 'WebhookRatePerIp',
        priority: 1,
        action: { block: { customResponse: { responseCode: 429 } } },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            limit: WEBHOOK_RATE_LIMIT_PER_5_MIN,
            evaluationWindowSec: 300,
            scopeDownStatement: isWebhook,
          },
        },
        visibilityConfig: visibility('WebhookRatePerIp'),
      },
      {
        // Keyed deliveries skip the managed rules (Stripe's events exceed their body size); the
        // handlers check the signature first.
        name: 'AllowSignedWebhooks',
        priority: 2,
        action: { allow: {} },
        statement: isWebhook,
        visibilityConfig: visibility('AllowSignedWebhooks'),
      },
      ...MANAGED_RULE_GROUPS.map(
        (name, index): wafv2.CfnWebACL.RuleProperty => ({
          name,
          priority: index + 3,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              ruleActionOverrides: COUNT_ONLY[name]?.map((rule) => ({
                name: rule,
                actionToUse: { count: {} },
              })),
            },
          },
          visibilityConfig: visibility(name),
        }),
      ),
      {
        name: 'ApiRatePerIp',
        priority: MANAGED_RULE_GROUPS.length + 3,
        action: { block: { customResponse: { responseCode: 429 } } },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            limit: API_RATE_LIMIT_PER_5_MIN,
            evaluationWindowSec: 300,
            scopeDownStatement: {
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'STARTS_WITH',
                searchString: '/api/',
                textTransformations: [{ priority: 0, type: 'NONE' }],
              },
            },
          },
        },
        visibilityConfig: visibility('ApiRatePerIp'),
      },
    ];

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      // A rotation changes the description, so CloudFormation updates the ACL and reads the key again.
      description:
        'Little Futures: webhook key, managed rule groups and per-IP rate limits in front of CloudFront' +
        (rotation ? `, webhook key rotation ${rotation}` : ''),
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('LittleFuturesEdge'),
      rules,
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}

/** The webhook key query parameter, exactly (the key is letters and digits: nothing to decode). */
function queryKeyIs(key: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      // CloudFormation's own (Pascal) case: CDK passes this untyped JSON as written.
      fieldToMatch: { singleQueryArgument: { Name: WEBHOOK_KEY_PARAM } },
      positionalConstraint: 'EXACTLY',
      searchString: key,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}
