/**
 * The WAF web ACL in front of CloudFront: signed webhooks pass untouched (their handlers verify the
 * sender), every other request meets AWS's IP reputation list, its known-bad-input and common rule
 * sets, and a per-IP rate limit on the API. A CLOUDFRONT-scoped ACL exists only in us-east-1, so this
 * construct lives in the edge stack (infra/edge-stack.ts), whatever the region of the app.
 */
import { routes } from '@shared/api';
import { Stack, Token } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Requests per IP per 5 minutes on /api/*: the progress page polls every 2 s (150), with room for a family behind one address. */
export const API_RATE_LIMIT_PER_5_MIN = 1000;

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

export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (!Token.isUnresolved(region) && region !== 'us-east-1') {
      throw new Error(`A CloudFront web ACL must be created in us-east-1, not ${region}`);
    }

    const rules: wafv2.CfnWebACL.RuleProperty[] = [
      {
        // Stripe and the AI provider retry from a few addresses; their handlers check the signature first.
        name: 'AllowSignedWebhooks',
        priority: 0,
        action: { allow: {} },
        statement: { orStatement: { statements: WEBHOOK_PATHS.map(pathIs) } },
        visibilityConfig: visibility('AllowSignedWebhooks'),
      },
      ...MANAGED_RULE_GROUPS.map(
        (name, index): wafv2.CfnWebACL.RuleProperty => ({
          name,
          priority: index + 1,
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
        priority: MANAGED_RULE_GROUPS.length + 1,
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
      description: 'Little Futures: managed rule groups and a per-IP rate limit in front of CloudFront',
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
