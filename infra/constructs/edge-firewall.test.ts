import { routes } from '@shared/api';
import { WEBHOOK_KEY_PARAM } from '@shared/deployment';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from '../testing/synth-test-stack';
import { type CfnJson, logicalId, onlyResource, resourceOf, text } from '../testing/template-queries';
import {
  API_RATE_LIMIT_PER_5_MIN,
  EdgeFirewall,
  MANAGED_RULE_GROUPS,
  WEBHOOK_RATE_LIMIT_PER_5_MIN,
} from './edge-firewall';

let t: TestStack;
let edge: Template;
type Rule = { Name: string; Priority: number; Action?: object; Statement: CfnJson };
let rules: Rule[];
beforeAll(() => {
  t = synthTestStack();
  edge = Template.fromStack(t.edge);
  const acl = onlyResource(edge, 'AWS::WAFv2::WebACL').Properties!;
  expect(acl.Scope).toBe('CLOUDFRONT');
  rules = [...acl.Rules].sort((a: Rule, b: Rule) => a.Priority - b.Priority);
});

const webhookPaths = [routes.aiWebhook.path, routes.stripeWebhook.path].sort();
const pathsOf = (statement: CfnJson): string[] =>
  statement.OrStatement.Statements.map(
    (s: { ByteMatchStatement: { SearchString: string; FieldToMatch: object } }) => {
      expect(s.ByteMatchStatement).toMatchObject({
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: 'EXACTLY',
      });
      return s.ByteMatchStatement.SearchString;
    },
  ).sort();
/** The web ACL's rule of that name. */
const rule = (name: string) => rules.find((r) => r.Name === name)!;

describe('Edge firewall (WAF in front of CloudFront)', () => {
  it('lives in us-east-1, the only region a CloudFront web ACL can be made in', () => {
    expect(t.edge.region).toBe('us-east-1');
    const elsewhere = new Stack(new App(), 'Elsewhere', { env: { region: 'eu-west-1' } });
    expect(() => new EdgeFirewall(elsewhere, 'Firewall')).toThrow(/us-east-1/);
  });

  it('runs the IP reputation list, known bad inputs and the common rule set, blocking', () => {
    const managed = rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(managed.map((rule) => rule.Statement.ManagedRuleGroupStatement.Name)).toEqual([
      ...MANAGED_RULE_GROUPS,
    ]);
    for (const rule of managed) {
      expect(rule.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
      expect(rule).toMatchObject({ OverrideAction: { None: {} } });
    }
  });

  it('blocks an IP that calls the API more than the rate limit in 5 minutes', () => {
    const rate = rule('ApiRatePerIp');
    expect(rate.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    expect(rate.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: API_RATE_LIMIT_PER_5_MIN,
      EvaluationWindowSec: 300,
      ScopeDownStatement: {
        ByteMatchStatement: { SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' },
      },
    });
  });

  it('blocks webhook requests without the key first, then rate-limits keyed ones per IP, then lets them through', () => {
    expect(rules.map((r) => r.Priority)).toEqual(rules.map((_, i) => i));
    expect(rules.slice(0, 3).map((r) => r.Name)).toEqual([
      'BlockWebhooksWithoutKey',
      'WebhookRatePerIp',
      'AllowSignedWebhooks',
    ]);
    const [block, rate, allow] = rules;

    // A webhook path AND NOT the key: refused (403) before any rule or API Gateway counts it.
    expect(block.Action).toEqual({ Block: {} });
    const [onWebhook, withoutKey] = block.Statement.AndStatement.Statements;
    expect(pathsOf(onWebhook)).toEqual(webhookPaths);
    expect(withoutKey.NotStatement.Statement.ByteMatchStatement).toMatchObject({
      FieldToMatch: { SingleQueryArgument: { Name: WEBHOOK_KEY_PARAM } },
      PositionalConstraint: 'EXACTLY',
      TextTransformations: [{ Priority: 0, Type: 'NONE' }],
    });

    expect(rate.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    expect(rate.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: WEBHOOK_RATE_LIMIT_PER_5_MIN,
      EvaluationWindowSec: 300,
    });
    expect(pathsOf(rate.Statement.RateBasedStatement.ScopeDownStatement)).toEqual(webhookPaths);

    // Keyed deliveries skip the managed rules (Stripe's bodies exceed the common set's size rule).
    expect(allow.Action).toEqual({ Allow: {} });
    expect(pathsOf(allow.Statement)).toEqual(webhookPaths);
    expect(rules.findIndex((r) => r.Statement.ManagedRuleGroupStatement)).toBe(3);
  });

  it('reads the key from a secret generated at deploy: it is in no template', () => {
    const secretId = logicalId(t.edge.firewall.webhookKeySecret);
    const secret = resourceOf(edge, t.edge.firewall.webhookKeySecret).Properties!;
    expect(secret).toMatchObject({
      Name: t.edge.firewall.webhookKey.secretName,
      GenerateSecretString: { ExcludePunctuation: true, PasswordLength: 40 },
      // The app's region reads it from a replica of the same name.
      ReplicaRegions: [{ Region: t.stack.region }],
    });
    expect(secret.SecretString).toBeUndefined();
    const searchString =
      rule('BlockWebhooksWithoutKey').Statement.AndStatement.Statements[1].NotStatement.Statement
        .ByteMatchStatement.SearchString;
    expect(searchString).toEqual({
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
    });
  });

  it('gives the render worker the key by a dynamic reference to the replica, so predictions report keyed', () => {
    const env = resourceOf(t.template, t.stack.renderPipeline.worker.function).Properties!.Environment
      .Variables;
    expect(env.WEBHOOK_KEY).toBe(
      `{{resolve:secretsmanager:${t.edge.firewall.webhookKey.secretName}:SecretString:::}}`,
    );
    expect(env.WEBHOOK_KEY_ROTATION).toBe('0');
    // Only the worker that starts predictions holds it.
    const holders = Object.values(t.template.toJSON().Resources as Record<string, CfnJson>).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.WEBHOOK_KEY,
    );
    expect(holders).toHaveLength(1);
    const stripeUrl = t.template.toJSON().Outputs.StripeWebhookUrl;
    expect(text(stripeUrl.Value)).toContain(`${routes.stripeWebhook.path}?${WEBHOOK_KEY_PARAM}=`);
    expect(t.template.toJSON().Outputs.WebhookKeySecretName.Value).toBe(
      t.edge.firewall.webhookKey.secretName,
    );
  });

  it('rotates: a new rotation number changes the web ACL and the worker, so both read the key again', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const rotated = new EdgeFirewall(new Stack(app, 'Edge', { env: { region: 'us-east-1' } }), 'Firewall', {
      webhookKeyRotation: 2,
    });
    expect(rotated.webhookKey.rotation).toBe(2);
    const acl = onlyResource(Template.fromStack(Stack.of(rotated)), 'AWS::WAFv2::WebACL').Properties!;
    expect(acl.Description).toMatch(/rotation 2$/);
    expect(acl.Description).toMatch(/^[\w+=:#@/\-,.][\w+=:#@/\-,.\s]+[\w+=:#@/\-,.]$/);
    // In us-east-1 itself, the app reads the secret: no replica.
    const secret = onlyResource(Template.fromStack(Stack.of(rotated)), 'AWS::SecretsManager::Secret');
    expect(secret.Properties!.ReplicaRegions).toBeUndefined();

    const app2 = synthTestStack({ webhookKey: rotated.webhookKey });
    const worker = resourceOf(app2.template, app2.stack.renderPipeline.worker.function).Properties!;
    expect(worker.Environment.Variables.WEBHOOK_KEY_ROTATION).toBe('2');
  });

  it('is attached to the distribution through a cross-region reference to its ARN', () => {
    const distribution = resourceOf(t.template, t.stack.site.distribution).Properties!;
    const webAclId = text(distribution.DistributionConfig.WebACLId);
    expect(webAclId).toMatch(/ExportsReader/);
    expect(webAclId).toMatch(/FirewallWebAcl/);
  });
});
