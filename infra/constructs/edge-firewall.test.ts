import { routes } from '@shared/api';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from '../testing/synth-test-stack';
import { type CfnJson, onlyResource, resourceOf, text } from '../testing/template-queries';
import { API_RATE_LIMIT_PER_5_MIN, EdgeFirewall, MANAGED_RULE_GROUPS } from './edge-firewall';

let t: TestStack;
type Rule = { Name: string; Priority: number; Action?: object; Statement: CfnJson };
let rules: Rule[];
beforeAll(() => {
  t = synthTestStack();
  const acl = onlyResource(Template.fromStack(t.edge), 'AWS::WAFv2::WebACL').Properties!;
  expect(acl.Scope).toBe('CLOUDFRONT');
  rules = acl.Rules;
});

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
    const rate = rules.find((rule) => rule.Statement.RateBasedStatement)!;
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

  it('lets the two signed webhooks through first, so no rule can starve them', () => {
    const [first] = [...rules].sort((a, b) => a.Priority - b.Priority);
    expect(first.Action).toEqual({ Allow: {} });
    const paths = first.Statement.OrStatement.Statements.map(
      (s: { ByteMatchStatement: { SearchString: string } }) => s.ByteMatchStatement.SearchString,
    );
    expect(paths.sort()).toEqual([routes.aiWebhook.path, routes.stripeWebhook.path].sort());
  });

  it('is attached to the distribution through a cross-region reference to its ARN', () => {
    const distribution = resourceOf(t.template, t.stack.site.distribution).Properties!;
    const webAclId = text(distribution.DistributionConfig.WebACLId);
    expect(webAclId).toMatch(/ExportsReader/);
    expect(webAclId).toMatch(/FirewallWebAcl/);
  });
});
