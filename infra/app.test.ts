/**
 * The stack as `npm run synth` builds it for a prod stage: environment-agnostic, frontend built,
 * data retained. It must pass the AWS Solutions checks with every acknowledgement earned and explained.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { synthTestStack, type TestStack } from './testing/synth-test-stack';
import { logicalId, resources } from './testing/template-queries';

const siteDir = mkdtempSync(join(tmpdir(), 'site-'));
writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Little Futures</title>');
const prodLike = (cfnValidation = false) =>
  // As `cdk synth` without AWS credentials: no account, the region the CLI would deploy to.
  synthTestStack({ env: { region: 'eu-west-1' }, prodLike: true, siteAssetDir: siteDir, cfnValidation });

let t: TestStack;
beforeAll(() => {
  // CDK's CloudFormation validation runs here once; it fails the synth on template errors.
  t = prodLike(true);
});
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

/** AwsSolutions acknowledgements in the tree: rule id -> reasons. */
function acknowledgements(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const construct of t.app.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [key, reason] of Object.entries(entry.data as Record<string, string>)) {
        const id = key.replace(/^annotation::/i, '');
        if (!id.startsWith('AwsSolutions-')) continue;
        found.set(id, (found.get(id) ?? new Set()).add(reason));
      }
    }
  }
  return found;
}

describe('prod stage, as deployed', () => {
  it('passes the AWS Solutions checks with no unacknowledged error or warning', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(t.app);
    expect(report.violations).toEqual([]);
  });

  it('gives every acknowledgement its own specific reason', () => {
    const byReason = new Map<string, string[]>();
    for (const [id, reasons] of acknowledgements()) {
      for (const reason of reasons) {
        expect(reason.length, id).toBeGreaterThanOrEqual(50);
        expect(reason, id).not.toMatch(/^(todo|n\/a|ok|suppress|not needed|false positive)/i);
        byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
      }
    }
    for (const [reason, ids] of byReason) expect(ids, reason).toHaveLength(1);
  });

  it('acknowledges only findings that really occur', () => {
    const acknowledged = [...acknowledgements().keys()];
    expect(acknowledged.length).toBeGreaterThan(10);
    // Synthesize again with our acknowledgements ignored (CDK's own ones still apply).
    const acknowledge = Validations.prototype.acknowledge;
    const spy = vi.spyOn(Validations.prototype, 'acknowledge').mockImplementation(function (
      this: Validations,
      ...rules
    ) {
      acknowledge.apply(
        this,
        rules.filter((rule) => !rule.id.startsWith('AwsSolutions-')),
      );
    });
    try {
      const raw = prodLike();
      const findings = new AwsSolutionsChecks(undefined)
        .validateScope(raw.app)
        .violations.map((v) => v.ruleName);
      expect(findings.sort()).toEqual(acknowledged.sort());
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps the table, buckets and user pool when the stack is deleted', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool']) {
      const all = Object.entries(resources(t.template, type));
      expect(all.length, type).toBeGreaterThan(0);
      for (const [id, resource] of all) expect(resource.DeletionPolicy, id).toBe('Retain');
    }
    t.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
  });

  it('uploads the built frontend and invalidates the CDN', () => {
    t.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: { Ref: logicalId(t.stack.site.bucket) },
      DistributionId: { Ref: logicalId(t.stack.site.distribution) },
      DistributionPaths: ['/*'],
    });
  });
});
