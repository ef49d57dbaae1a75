import { App, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthTestStack, type TestStack } from '../testing/synth-test-stack';
import {
  actionsOf,
  logicalId,
  onlyResource,
  resourceOf,
  resources,
  type Statement,
  text,
} from '../testing/template-queries';
import { Payments, STRIPE_WEBHOOK_EVENTS } from './payments';

let t: TestStack;
beforeAll(() => {
  t = synthTestStack();
});

const secretId = () => logicalId(t.stack.payments.stripeSecret);

describe('Payments: the Stripe keys in Secrets Manager', () => {
  it('creates a secret whose placeholder holds empty secretKey and webhookSecret, never rotated by AWS', () => {
    const secret = resourceOf(t.template, t.stack.payments.stripeSecret).Properties!;
    const template = JSON.parse(secret.GenerateSecretString.SecretStringTemplate);
    expect(template).toEqual({ secretKey: '', webhookSecret: '' });
    expect(secret.Description).toContain('"webhookSecret"');
    expect(resources(t.template, 'AWS::SecretsManager::RotationSchedule')).toEqual({});
    // No resource policy: who may read it is decided by the two role policies below.
    expect(resources(t.template, 'AWS::SecretsManager::ResourcePolicy')).toEqual({});
  });

  it('lets only the payments, webhooks and account roles and the render worker (refunds of failed paid renders) read it, with GetSecretValue and nothing more', () => {
    const readers: string[] = [];
    for (const policy of Object.values(resources(t.template, 'AWS::IAM::Policy'))) {
      const statements = policy.Properties?.PolicyDocument.Statement as Statement[];
      const onSecret = statements.filter((s) => text(s.Resource).includes(secretId()));
      if (!onSecret.length) continue;
      expect(onSecret.flatMap(actionsOf)).toEqual(['secretsmanager:GetSecretValue']);
      readers.push(...policy.Properties!.Roles.map((role: { Ref: string }) => role.Ref));
    }
    const roleOf = (group: 'payments' | 'webhooks' | 'account') =>
      logicalId(t.stack.api.handlers.get(group)!.role);
    const worker = logicalId(t.stack.renderPipeline.worker.role);
    expect(readers.sort()).toEqual(
      [roleOf('payments'), roleOf('webhooks'), roleOf('account'), worker].sort(),
    );
  });

  it('hands its ARN to the payments, webhooks and account Lambdas, the render worker, and the admin pages and public config (a name only), to no other function', () => {
    const functions = [...t.stack.api.handlers, ['worker', t.stack.renderPipeline.worker] as const];
    for (const [group, fn] of functions) {
      const env = resourceOf(t.template, fn.function).Properties!.Environment.Variables;
      if (['payments', 'webhooks', 'account', 'admin', 'system', 'worker'].includes(group)) {
        expect(env.STRIPE_SECRET_ARN, group).toEqual({ Ref: secretId() });
      } else {
        expect(env.STRIPE_SECRET_ARN, group).toBeUndefined();
        expect(text(env), group).not.toContain(secretId());
      }
    }
  });

  it("gives the site's URL to the payments Lambda (checkout return URLs), the render worker (the AI webhook) and the go-live page only", () => {
    const functions = [
      ...t.stack.api.handlers,
      ['worker', t.stack.renderPipeline.worker] as const,
      ['pack worker', t.stack.packPipeline.worker] as const,
    ];
    for (const [group, fn] of functions) {
      const env = resourceOf(t.template, fn.function).Properties!.Environment.Variables;
      if (group === 'payments' || group === 'worker' || group === 'admin') {
        expect(text(env.SITE_URL)).toContain(logicalId(t.stack.site.distribution));
      } else {
        expect(env.SITE_URL, group).toBeUndefined();
      }
    }
  });

  it('acknowledges "no rotation" (AwsSolutions-SMG4) on the webhook key, Stripe, Replicate, origin-verify and visitor session secrets only, with the reason', () => {
    const holders = t.app.node.findAll().flatMap((c) =>
      c.node.metadata
        .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((m) => Object.entries(m.data as Record<string, string>))
        .filter(([id]) => id.includes('AwsSolutions-SMG4'))
        .map(([, reason]) => ({ path: c.node.path, reason })),
    );
    expect(holders).toEqual([
      {
        path: t.edge.firewall.webhookKeySecret.node.path,
        reason: expect.stringMatching(/registered at Stripe/),
      },
      { path: t.stack.payments.stripeSecret.node.path, reason: expect.stringMatching(/Stripe dashboard/) },
      { path: t.stack.hostedAi.replicateSecret.node.path, reason: expect.stringMatching(/replicate\.com/) },
      { path: t.stack.originVerify.node.path, reason: expect.stringMatching(/CloudFront origin/) },
      { path: t.stack.api.sessionKey.node.path, reason: expect.stringMatching(/ends every visitor session/) },
    ]);
  });

  it('outputs the secret ARN with what the operator must do, and the webhook endpoint URL', () => {
    const outputs = t.template.toJSON().Outputs;
    expect(outputs.StripeSecretArn.Value).toEqual({ Ref: secretId() });
    const description: string = outputs.StripeSecretArn.Description;
    expect(description).toContain('"secretKey"');
    expect(description).toContain('"webhookSecret"');
    expect(description).toContain('https://<site>/api/stripe/webhook');
    for (const event of STRIPE_WEBHOOK_EVENTS) expect(description).toContain(event);
    // Refunds made outside the app and disputes take back what was bought (core/payments/chargebacks.ts).
    for (const event of ['charge.refunded', 'charge.dispute.created']) expect(description).toContain(event);
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(text(outputs.StripeWebhookUrl.Value)).toContain(logicalId(t.stack.site.distribution));
    expect(text(outputs.StripeWebhookUrl.Value)).toContain('/api/stripe/webhook');
  });

  it('keeps the keys when a prod-like stack is deleted', () => {
    const stack = new Stack(new App(), 'PaymentsOnly');
    new Payments(stack, 'Payments', { removalPolicy: RemovalPolicy.RETAIN });
    expect(onlyResource(Template.fromStack(stack), 'AWS::SecretsManager::Secret').DeletionPolicy).toBe(
      'Retain',
    );
  });
});
