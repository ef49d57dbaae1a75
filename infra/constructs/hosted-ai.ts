/**
 * Hosted image AI (docs/architecture.md#image-ai, README "Hosted AI"): which provider answers each image
 * capability, chosen per stage by CDK context, and Replicate's keys in Secrets Manager, which only
 * the Lambdas that call the provider may read.
 */
import type { RouteGroup } from '@shared/api';
import type { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct, type Node } from 'constructs';
import { imageAiVariableOf } from '../../functions/adapters/config';
import {
  IMAGE_AI_PROVIDERS,
  IMAGE_CAPABILITIES,
  type ImageAIProvider,
  type ImageCapability,
} from '../../functions/core/image-ai';
import type { AppFunction } from './app-function';
import { acknowledge, grantSecretValue } from './grants';

/**
 * The API groups that call the provider: moments (cut-outs' background removal) and webhooks (a
 * prediction's webhook is verified with the signing secret). The render and pack workers call it
 * too. The admin routes only queue age tests and test runs for the render worker: no keys there.
 */
export const PROVIDER_GROUPS = ['moments', 'webhooks'] as const satisfies readonly RouteGroup[];

/** The shape of the secret's JSON value: `{"apiToken": "r8_...", "webhookSecret": "whsec_..."}`. */
export const REPLICATE_SECRET_KEYS = ['apiToken', 'webhookSecret'] as const;

/** Where Replicate hands out the signing secret of the webhooks it sends (with the API token). */
export const REPLICATE_WEBHOOK_SECRET_URL = 'https://api.replicate.com/v1/webhooks/default/secret';

/** CDK context: `-c imageAiProvider=replicate`, and `-c imageAiAgeProgress=replicate` for one capability. */
export const PROVIDER_CONTEXT_KEY = 'imageAiProvider';
export const capabilityContextKey = (capability: ImageCapability) =>
  `imageAi${capability.charAt(0).toUpperCase()}${capability.slice(1)}`;

/** The provider choice as given (context values are not checked until HostedAi reads them). */
export type ImageAiChoice = {
  provider?: string;
  capabilities?: Partial<Record<ImageCapability, string>>;
};

/** The choice from CDK context; an `imageAi…` key that names no capability stops the synth. */
export function imageAiChoiceFromContext(node: Node): ImageAiChoice {
  const known = new Set([PROVIDER_CONTEXT_KEY, ...IMAGE_CAPABILITIES.map(capabilityContextKey)]);
  const stray = Object.keys(node.getAllContext()).filter((key) => /^imageAi/.test(key) && !known.has(key));
  if (stray.length) {
    throw new Error(`Unknown CDK context ${stray.join(', ')}: use one of ${[...known].join(', ')}`);
  }
  const read = (key: string) => {
    const value = node.tryGetContext(key);
    return value === undefined ? undefined : String(value);
  };
  const capabilities: Partial<Record<ImageCapability, string>> = {};
  for (const capability of IMAGE_CAPABILITIES) {
    const value = read(capabilityContextKey(capability));
    if (value !== undefined) capabilities[capability] = value;
  }
  return { provider: read(PROVIDER_CONTEXT_KEY), capabilities };
}

export type HostedAiProps = ImageAiChoice & { removalPolicy: RemovalPolicy };

export class HostedAi extends Construct {
  readonly replicateSecret: secretsmanager.Secret;
  /** The provider of every capability not routed elsewhere (IMAGE_AI_PROVIDER). */
  readonly provider: ImageAIProvider;
  /** The capabilities routed to another provider (IMAGE_AI_<CAPABILITY>). */
  readonly capabilities: Readonly<Partial<Record<ImageCapability, ImageAIProvider>>>;

  constructor(scope: Construct, id: string, props: HostedAiProps) {
    super(scope, id);
    this.provider = providerOf(PROVIDER_CONTEXT_KEY, props.provider ?? 'offline');
    this.capabilities = Object.fromEntries(
      Object.entries(props.capabilities ?? {}).map(([capability, value]) => [
        capability,
        providerOf(capabilityContextKey(capability as ImageCapability), value),
      ]),
    );

    this.replicateSecret = new secretsmanager.Secret(this, 'ReplicateSecret', {
      description:
        'Replicate keys of Little Futures as JSON {"apiToken": "r8_...", "webhookSecret": "whsec_..."}; ' +
        'empty until an operator fills them in (capabilities routed to replicate need an AI provider until then).',
      // As for Stripe: CloudFormation creates a secret only with a value, the keys start empty so the
      // runtime can say "needs an AI provider", and "placeholder" is the random part CDK must generate.
      generateSecretString: {
        secretStringTemplate: JSON.stringify(
          Object.fromEntries(REPLICATE_SECRET_KEYS.map((key) => [key, ''])),
        ),
        generateStringKey: 'placeholder',
      },
      // A token an operator typed in must survive a stack deletion on prod-like stages.
      removalPolicy: props.removalPolicy,
    });
    acknowledge(
      this.replicateSecret,
      'AwsSolutions-SMG4',
      'The Replicate API token is issued and revoked on replicate.com, and the webhook signing secret is ' +
        "Replicate's own; Secrets Manager cannot rotate either, so the operator pastes new ones here.",
    );
  }

  /** IMAGE_AI_PROVIDER and the IMAGE_AI_<CAPABILITY> overrides, for every function. */
  get environment(): Record<string, string> {
    return {
      IMAGE_AI_PROVIDER: this.provider,
      ...Object.fromEntries(
        Object.entries(this.capabilities).map(([capability, provider]) => [
          imageAiVariableOf(capability as ImageCapability),
          provider,
        ]),
      ),
    };
  }

  /**
   * Lets a Lambda call the provider: the secret's ARN and the right to read its value. `modelWait`
   * (REPLICATE_TIMEOUT_SECONDS) is how long one synchronous call may wait for its model before it
   * cancels the prediction; at most half the function's timeout, so our code cancels it, not
   * Lambda's kill, and the rest of the call (output download, encoding) still fits.
   */
  allowProviderCalls(fn: AppFunction, modelWait?: Duration): void {
    fn.function.addEnvironment('REPLICATE_SECRET_ARN', this.replicateSecret.secretArn);
    if (modelWait) {
      const timeout = fn.function.timeout?.toSeconds() ?? 3;
      if (modelWait.toSeconds() > timeout / 2) {
        throw new Error(
          `${fn.node.path}: a model wait of ${modelWait.toSeconds()} s does not fit twice in its ${timeout} s timeout`,
        );
      }
      fn.function.addEnvironment('REPLICATE_TIMEOUT_SECONDS', String(modelWait.toSeconds()));
    }
    grantSecretValue(fn.role, this.replicateSecret);
  }
}

function providerOf(key: string, value: string): ImageAIProvider {
  if (!(IMAGE_AI_PROVIDERS as readonly string[]).includes(value)) {
    throw new Error(`CDK context ${key} must be one of ${IMAGE_AI_PROVIDERS.join(', ')}; got "${value}"`);
  }
  return value as ImageAIProvider;
}
