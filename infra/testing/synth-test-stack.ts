/** Builds the stack for assertion tests: no bundling (fast, no handler build needed), dummy account. */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { LittleFuturesEdgeStack } from '../edge-stack';
import { LittleFuturesStack, type LittleFuturesStackProps } from '../stack';

export type TestStack = {
  app: App;
  stack: LittleFuturesStack;
  template: Template;
  /** The us-east-1 stack with the web ACL, as infra/app.ts builds it. */
  edge: LittleFuturesEdgeStack;
};

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
  const env = props.env ?? { account: '123456789012', region: 'eu-west-1' };
  const edge = new LittleFuturesEdgeStack(app, 'TestEdge', { account: env.account, appRegion: env.region });
  const stack = new LittleFuturesStack(app, 'Test', {
    prodLike: false,
    webAclArn: edge.firewall.arn,
    webhookKey: edge.firewall.webhookKey,
    ...props,
    env,
  });
  return { app, stack, edge, template: withCfnValidation(cfnValidation, () => Template.fromStack(stack)) };
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
