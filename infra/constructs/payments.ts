/**
 * Stripe's keys, kept in Secrets Manager rather than in Lambda environment variables (which anyone
 * allowed to read a function's configuration can see). The operator fills the secret in after deploy;
 * the payments, webhooks and account Lambdas and the render worker (it refunds a paid render that
 * fails for good) read it at cold start from the ARN in STRIPE_SECRET_ARN.
 */
import { routes } from '@shared/api';
import type { RemovalPolicy } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './grants';

/** The events fulfilment listens to; the Stripe webhook endpoint must send these. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  // Money going back: a refund made outside the app, or a dispute, takes back what was bought.
  'charge.refunded',
  'charge.dispute.created',
] as const;

export const STRIPE_WEBHOOK_PATH = routes.stripeWebhook.path;

/** The shape of the secret's JSON value: `{"secretKey": "sk_...", "webhookSecret": "whsec_..."}`. */
export const STRIPE_SECRET_KEYS = ['secretKey', 'webhookSecret'] as const;

export type PaymentsProps = { removalPolicy: RemovalPolicy };

export class Payments extends Construct {
  readonly stripeSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: PaymentsProps) {
    super(scope, id);

    this.stripeSecret = new secretsmanager.Secret(this, 'StripeSecret', {
      description:
        'Stripe keys of Little Futures as JSON {"secretKey": "sk_...", "webhookSecret": "whsec_..."}; ' +
        'empty until an operator fills them in (payments stay unavailable until then).',
      // CloudFormation creates a secret only with a value. The keys start empty, so the runtime can tell
      // "not configured yet" apart from a wrong key; "placeholder" is the random part CDK must generate.
      generateSecretString: {
        secretStringTemplate: JSON.stringify(Object.fromEntries(STRIPE_SECRET_KEYS.map((key) => [key, '']))),
        generateStringKey: 'placeholder',
      },
      // Keys an operator typed in must survive a stack deletion on prod-like stages.
      removalPolicy: props.removalPolicy,
    });
    acknowledge(
      this.stripeSecret,
      'AwsSolutions-SMG4',
      'The Stripe API and webhook-signing keys are issued and rolled in the Stripe dashboard; Secrets ' +
        'Manager cannot rotate them, so the operator pastes the new pair here when rolling them there.',
    );
  }
}
