import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { withCfnValidation } from '../testing/synth-test-stack';
import { Auth } from './auth';

function authStack(threatProtection: boolean) {
  const stack = new Stack(new App(), 'AuthOnly');
  new Auth(stack, 'Auth', { removalPolicy: RemovalPolicy.RETAIN, threatProtection });
  return { stack, template: withCfnValidation(false, () => Template.fromStack(stack)) };
}

const ruleNames = (stack: Stack) =>
  new AwsSolutionsChecks(undefined).validateScope(stack).violations.map((v) => v.ruleName);

describe('Auth', () => {
  it('with threat protection: PLUS plan, enforced, and no acknowledgement needed for it', () => {
    const { stack, template } = authStack(true);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    expect(ruleNames(stack)).toEqual([]);
    const acknowledged = JSON.stringify(
      stack.node.findAll().flatMap((c) => c.node.metadata.map((m) => m.data)),
    );
    expect(acknowledged).not.toContain('AwsSolutions-COG8');
  });

  it('without it: ESSENTIALS plan, and the plan finding is acknowledged with its reason', () => {
    const { stack, template } = authStack(false);
    template.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'ESSENTIALS' });
    expect(ruleNames(stack)).toEqual([]);
  });

  it('retained pools are protected from deletion', () => {
    const { template } = authStack(false);
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtection: 'ACTIVE' },
    });
  });
});
