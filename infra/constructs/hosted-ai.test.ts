/** Hosted image AI in the synthesized stack: the provider choice, Replicate's keys and who may read them. */
import { App, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import { beforeAll, describe, expect, it } from 'vitest';
import { environmentOf, loadConfigFrom } from '../testing/function-config';
import { synthTestStack, type TestStack } from '../testing/synth-test-stack';
import {
  actionsOf,
  logicalId,
  onlyResource,
  resourceOf,
  resources,
  roleStatements,
  type Statement,
  text,
} from '../testing/template-queries';
import { AppFunction } from './app-function';
import { HostedAi, imageAiChoiceFromContext } from './hosted-ai';

let t: TestStack;
beforeAll(() => {
  t = synthTestStack();
});

const secretId = () => logicalId(t.stack.hostedAi.replicateSecret);

/** Every Lambda function of the template by a readable name: its route group, or the worker it is. */
function functionNames(s: TestStack): Map<string, string> {
  const named = new Map<string, string>([
    ...[...s.stack.api.handlers].map(([group, fn]) => [logicalId(fn.function), group] as const),
    [logicalId(s.stack.renderPipeline.worker.function), 'render worker'],
    [logicalId(s.stack.packPipeline.worker.function), 'pack worker'],
  ]);
  // CDK's own deploy-time handlers (the cross-region reader of the web ACL's ARN, the setter of the
  // uploads bucket's CORS rule) run none of our code.
  const corsSetter = `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`;
  const cdkOwned = (id: string) => /^Custom.*CustomResourceProvider/.test(id) || id.startsWith(corsSetter);
  return new Map(
    Object.keys(resources(s.template, 'AWS::Lambda::Function'))
      .filter((id) => !cdkOwned(id))
      .map((id) => [id, named.get(id) ?? id]),
  );
}

/** The Lambdas that call the provider; none other may see the keys. */
const CALLERS = ['moments', 'pack worker', 'render worker', 'webhooks'];

describe('Hosted AI: the Replicate keys in Secrets Manager', () => {
  it('creates the secret with empty apiToken and webhookSecret beside a generated placeholder, never rotated', () => {
    const secret = resourceOf(t.template, t.stack.hostedAi.replicateSecret).Properties!;
    expect(JSON.parse(secret.GenerateSecretString.SecretStringTemplate)).toEqual({
      apiToken: '',
      webhookSecret: '',
    });
    expect(secret.GenerateSecretString.GenerateStringKey).toBe('placeholder');
    expect(secret.Description).toContain('{"apiToken": "r8_...", "webhookSecret": "whsec_..."}');
    expect(text(resources(t.template, 'AWS::SecretsManager::RotationSchedule'))).not.toContain(secretId());
    expect(text(resources(t.template, 'AWS::SecretsManager::ResourcePolicy'))).not.toContain(secretId());
  });

  it('lets exactly the Lambdas that call the provider read it, with GetSecretValue and nothing more', () => {
    const roleNames = new Map<string, string>([
      ...[...t.stack.api.handlers].map(([group, fn]) => [logicalId(fn.role), group] as const),
      [logicalId(t.stack.renderPipeline.worker.role), 'render worker'],
      [logicalId(t.stack.packPipeline.worker.role), 'pack worker'],
    ]);
    const readers: string[] = [];
    for (const policy of Object.values(resources(t.template, 'AWS::IAM::Policy'))) {
      const statements = policy.Properties?.PolicyDocument.Statement as Statement[];
      const onSecret = statements.filter((s) => text(s.Resource).includes(secretId()));
      if (!onSecret.length) continue;
      expect(onSecret).toEqual([
        { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: secretId() } },
      ]);
      for (const role of policy.Properties!.Roles as { Ref: string }[]) {
        readers.push(roleNames.get(role.Ref) ?? role.Ref);
      }
    }
    expect(readers.sort()).toEqual(CALLERS);
  });

  it('hands its ARN (REPLICATE_SECRET_ARN) to those Lambdas and to the admin pages (a name, no read), and no other', () => {
    const holders: string[] = [];
    for (const [id, name] of functionNames(t)) {
      const env = t.template.toJSON().Resources[id].Properties.Environment?.Variables ?? {};
      if (env.REPLICATE_SECRET_ARN !== undefined) {
        expect(env.REPLICATE_SECRET_ARN, name).toEqual({ Ref: secretId() });
        holders.push(name);
      } else {
        expect(text(env), name).not.toContain(secretId());
      }
    }
    expect(holders.sort()).toEqual([...CALLERS, 'admin'].sort());
  });

  it('lets each synchronous caller wait for its model at most half its timeout; the webhook never waits', () => {
    const waits: Record<string, string | undefined> = {};
    for (const [id, name] of functionNames(t)) {
      const props = t.template.toJSON().Resources[id].Properties;
      const wait = props.Environment?.Variables?.REPLICATE_TIMEOUT_SECONDS;
      if (wait === undefined) continue;
      waits[name] = wait;
      expect(Number(wait) * 2, name).toBeLessThanOrEqual(props.Timeout);
    }
    expect(waits).toEqual({ moments: '12', 'pack worker': '25', 'render worker': '25' });
  });

  it('refuses, at synth, a model wait that does not fit twice in the function', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'WaitTooLong');
    const ai = new HostedAi(stack, 'HostedAi', { removalPolicy: RemovalPolicy.DESTROY });
    const fn = new AppFunction(stack, 'Fn', {
      entry: 'functions/lambda/not-there.ts',
      description: 'a function with a 20 s timeout',
      memorySize: 256,
      timeout: Duration.seconds(20),
      environment: {},
    });
    expect(() => ai.allowProviderCalls(fn, Duration.seconds(11))).toThrow(
      /11 s does not fit twice in its 20 s/,
    );
    expect(() => ai.allowProviderCalls(fn, Duration.seconds(10))).not.toThrow();
  });

  it('keeps the keys when a prod-like stack is deleted', () => {
    const stack = new Stack(new App(), 'HostedAiOnly');
    new HostedAi(stack, 'HostedAi', { removalPolicy: RemovalPolicy.RETAIN });
    expect(onlyResource(Template.fromStack(stack), 'AWS::SecretsManager::Secret').DeletionPolicy).toBe(
      'Retain',
    );
  });

  it('outputs the secret ARN with what to put in it and where the webhook secret comes from, and the webhook URL', () => {
    const outputs = t.template.toJSON().Outputs;
    expect(outputs.ReplicateSecretArn.Value).toEqual({ Ref: secretId() });
    const description: string = outputs.ReplicateSecretArn.Description;
    expect(description).toContain('{"apiToken": "r8_...", "webhookSecret": "whsec_..."}');
    expect(description).toContain('GET https://api.replicate.com/v1/webhooks/default/secret');
    expect(description).toContain('imageAiProvider=replicate');
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(outputs.AiWebhookUrl.Value).toEqual({
      'Fn::Join': [
        '',
        [
          'https://',
          { 'Fn::GetAtt': [logicalId(t.stack.site.distribution), 'DomainName'] },
          '/api/ai/webhook',
        ],
      ],
    });
  });
});

describe('Hosted AI: which provider answers', () => {
  it('is offline for every capability by default, in every function', () => {
    for (const [id, name] of functionNames(t)) {
      const env = t.template.toJSON().Resources[id].Properties.Environment?.Variables ?? {};
      expect(env.IMAGE_AI_PROVIDER, name).toBe('offline');
      expect(
        Object.keys(env).filter((key) => key.startsWith('IMAGE_AI_')),
        name,
      ).toEqual(['IMAGE_AI_PROVIDER']);
    }
  });

  it('routes by the choice, which the handlers read back as given (replicate, background removal offline)', () => {
    const r = synthTestStack({
      imageAi: { provider: 'replicate', capabilities: { removeBackground: 'offline' } },
    });
    for (const [id, name] of functionNames(r)) {
      const env = r.template.toJSON().Resources[id].Properties.Environment?.Variables ?? {};
      expect(env.IMAGE_AI_PROVIDER, name).toBe('replicate');
      expect(env.IMAGE_AI_REMOVE_BACKGROUND, name).toBe('offline');
      expect(loadConfigFrom(env).imageAi, name).toEqual({
        detectFaces: 'replicate',
        ageProgress: 'replicate',
        removeBackground: 'offline',
        faceSwap: 'replicate',
        generateScene: 'replicate',
      });
    }
    const worker = loadConfigFrom(environmentOf(r.template, r.stack.renderPipeline.worker.function));
    expect(worker.replicate.secretArn).toBeTruthy();
    expect(worker.replicate.timeoutSeconds).toBe(25);
    // SITE_URL + /api/ai/webhook with the webhook key, the distribution's domain and the key's dynamic
    // reference standing in as placeholders.
    const keyed = new URL(worker.aiWebhookUrl);
    expect(keyed.origin + keyed.pathname).toBe('https://cfn-token.invalid/api/ai/webhook');
    expect(keyed.searchParams.get('key')).toMatch(
      /^\{\{resolve:secretsmanager:.+-webhook-key:SecretString:::\}\}$/,
    );
  });

  it('reads imageAiProvider and imageAi<Capability> from CDK context', () => {
    const node = new App({ context: { imageAiProvider: 'replicate', imageAiAgeProgress: 'offline' } }).node;
    expect(imageAiChoiceFromContext(node)).toEqual({
      provider: 'replicate',
      capabilities: { ageProgress: 'offline' },
    });
    expect(imageAiChoiceFromContext(new App().node)).toEqual({ provider: undefined, capabilities: {} });
  });

  it('stops the synth on an unknown provider or a context key that names no capability', () => {
    const build = (choice: object) => () =>
      new HostedAi(new Stack(new App(), 'S'), 'HostedAi', {
        removalPolicy: RemovalPolicy.DESTROY,
        ...choice,
      });
    expect(build({ provider: 'openai' })).toThrow(
      'CDK context imageAiProvider must be one of offline, replicate; got "openai"',
    );
    expect(build({ capabilities: { faceSwap: 'Replicate' } })).toThrow(/imageAiFaceSwap must be one of/);
    expect(() =>
      imageAiChoiceFromContext(new App({ context: { imageAiAgeprogress: 'replicate' } }).node),
    ).toThrow(/Unknown CDK context imageAiAgeprogress/);
  });
});

describe('Hosted AI: the webhooks group', () => {
  it('reads the keys (the signing secret) and queues the prediction check on the render queue, send only', () => {
    const statements = roleStatements(t.template, t.stack.api.handlers.get('webhooks')!.role);
    expect(statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:')))).toEqual([
      {
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': [logicalId(t.stack.renderPipeline.queue), 'Arn'] },
      },
    ]);
    expect(text(statements)).toContain(secretId());
  });
});
