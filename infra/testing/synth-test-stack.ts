/** Builds the stack for assertion tests: no bundling (fast, no handler build needed), dummy account. */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { LittleFuturesStack, type LittleFuturesStackProps } from '../stack';

export type TestStack = { app: App; stack: LittleFuturesStack; template: Template };

export type SynthOptions = Partial<LittleFuturesStackProps> & {
  /** Run CDK's built-in CloudFormation validation too (about twice the synth time). */
  cfnValidation?: boolean;
};

export function synthTestStack({ cfnValidation = false, ...props }: SynthOptions = {}): TestStack {
  const app = new App({
    context: {
      // Skip esbuild and npm installs: the assertions look at the template, not at the bundles.
      'aws:cdk:bundling-stacks': [],
      '@aws-cdk/aws-lambda-nodejs:useLatestRuntimeVersion': true,
    },
  });
  const stack = new LittleFuturesStack(app, 'Test', {
    env: { account: '123456789012', region: 'eu-west-1' },
    prodLike: false,
    ...props,
  });
  return { app, stack, template: withCfnValidation(cfnValidation, () => Template.fromStack(stack)) };
}

/** CDK reads CDK_VALIDATION when it synthesizes. */
export function withCfnValidation<T>(enabled: boolean, synth: () => T): T {
  const previous = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = String(enabled);
  try {
    return synth();
  } finally {
    if (previous === undefined) delete process.env.CDK_VALIDATION;
    else process.env.CDK_VALIDATION = previous;
  }
}
