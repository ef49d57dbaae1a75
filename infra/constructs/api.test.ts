import { needsJwtAuthorizer, type RouteDef, type RouteId, routeKey, routes } from '@shared/api';
import { DEFAULT_ROUTE_THROTTLE, ROUTE_THROTTLES } from '@shared/deployment';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfigFrom } from '../testing/function-config';
import { synthTestStack, type TestStack, withCfnValidation } from '../testing/synth-test-stack';
import { logicalId, resourceOf, resources, text } from '../testing/template-queries';
import { Api, type RouteTable, routeGroups } from './api';

let t: TestStack;
beforeAll(() => {
  t = synthTestStack();
});

describe('Api built from shared/api.ts', () => {
  it('has exactly one route per entry of shared/api.ts, guarded by Cognito exactly where needed', () => {
    const expected = Object.values(routes)
      .map((route) => ({ key: routeKey(route), jwt: needsJwtAuthorizer(route) }))
      .sort((a, b) => a.key.localeCompare(b.key));
    const actual = Object.values(resources(t.template, 'AWS::ApiGatewayV2::Route'))
      .map((r) => ({ key: r.Properties?.RouteKey as string, jwt: r.Properties?.AuthorizationType === 'JWT' }))
      .sort((a, b) => a.key.localeCompare(b.key));
    expect(actual).toEqual(expected);
  });

  it('leaves the Stripe webhook to its signature check (no authorizer) and guards checkout with the JWT', () => {
    const authorizerId = Object.keys(resources(t.template, 'AWS::ApiGatewayV2::Authorizer'))[0];
    const route = (key: string) =>
      Object.values(resources(t.template, 'AWS::ApiGatewayV2::Route')).find(
        (r) => r.Properties?.RouteKey === key,
      )!.Properties!;
    expect(route('POST /api/stripe/webhook').AuthorizationType).toBe('NONE');
    expect(route('POST /api/stripe/webhook').AuthorizerId).toBeUndefined();
    for (const key of [
      'POST /api/checkout',
      'POST /api/checkout/confirm',
      'POST /api/me/subscription/cancel',
    ]) {
      expect(route(key), key).toMatchObject({
        AuthorizationType: 'JWT',
        AuthorizerId: { Ref: authorizerId },
      });
    }
    // Its "no authorizer" acknowledgement says why: Stripe signs the raw body.
    const webhookRoute = t.stack.api.node.findAll().find((c) => c.node.id === 'POST--api--stripe--webhook')!;
    expect(text(webhookRoute.node.metadata.map((m) => m.data))).toMatch(/signature over the raw body/);
  });

  it('sends each route to the Lambda of its group', () => {
    const integrations = resources(t.template, 'AWS::ApiGatewayV2::Integration');
    const routeResources = Object.values(resources(t.template, 'AWS::ApiGatewayV2::Route'));
    for (const route of Object.values(routes)) {
      const cfnRoute = routeResources.find((r) => r.Properties?.RouteKey === routeKey(route))!;
      const integrationId = cfnRoute.Properties?.Target['Fn::Join'][1][1].Ref;
      const target = integrations[integrationId].Properties?.IntegrationUri;
      const handler = t.stack.api.handlers.get(route.group)!;
      expect(target).toEqual({ 'Fn::GetAtt': [logicalId(handler.function), 'Arn'] });
    }
    expect([...t.stack.api.handlers.keys()]).toEqual(routeGroups());
  });

  it('gives the moments Lambda, which removes backgrounds and draws 2000×2000 keepsakes, 2 GB', () => {
    const fn = t.template.findResources('AWS::Lambda::Function');
    const moments = fn[logicalId(t.stack.api.handlers.get('moments')!.function)];
    expect(moments.Properties.MemorySize).toBe(2048);
  });

  it("lets moments, whose cut-outs may wait on a hosted model, run to just under API Gateway's 30 s", () => {
    const timeouts = Object.fromEntries(
      [...t.stack.api.handlers].map(([group, fn]) => [
        group,
        resourceOf(t.template, fn.function).Properties!.Timeout,
      ]),
    );
    expect(timeouts).toEqual({
      uploads: 15,
      account: 15,
      payments: 15,
      webhooks: 15,
      system: 15,
      moments: 29,
      admin: 29,
    });
  });

  it('gives every API function and the worker the configuration functions/adapters/config.ts needs', () => {
    const functions = [...t.stack.api.handlers.values(), t.stack.renderPipeline.worker];
    for (const fn of functions) {
      const env = resourceOf(t.template, fn.function).Properties!.Environment.Variables as Record<
        string,
        unknown
      >;
      const config = loadConfigFrom(env);
      expect(config.imageAi.ageProgress).toBe('offline');
      expect(config.previewsBaseUrl).toBe('');
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(env.TABLE_NAME).toEqual({ Ref: logicalId(t.stack.data.table) });
      expect(env.UPLOADS_BUCKET).toEqual({ Ref: logicalId(t.stack.storage.uploads) });
      expect(env.RENDERS_BUCKET).toEqual({ Ref: logicalId(t.stack.storage.renders) });
      expect(env.RENDER_QUEUE_URL).toEqual({ Ref: logicalId(t.stack.renderPipeline.queue) });
      expect(env.USER_POOL_ID).toEqual({ Ref: logicalId(t.stack.auth.userPool) });
      expect(env.USER_POOL_CLIENT_ID).toEqual({ Ref: logicalId(t.stack.auth.userPoolClient) });
    }
  });

  it('throttles and access-logs the stage', () => {
    t.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('gives the costly public routes tighter limits and each signed webhook its own, after its route exists', () => {
    const stage = resourceOf(t.template, t.stack.api.stage);
    const settings = stage.Properties!.RouteSettings as Record<string, Record<string, number>>;
    const limitOf = (id: RouteId) => settings[routeKey(routes[id])];
    for (const id of ['stripeWebhook', 'aiWebhook'] as const) {
      expect(limitOf(id), id).toEqual({
        ThrottlingRateLimit: ROUTE_THROTTLES[id]!.rateLimit,
        ThrottlingBurstLimit: ROUTE_THROTTLES[id]!.burstLimit,
      });
    }
    for (const id of ['createUpload', 'createCutout', 'createComposition'] as const) {
      expect(limitOf(id)?.ThrottlingRateLimit, id).toBeLessThan(DEFAULT_ROUTE_THROTTLE.rateLimit);
    }
    // Every key names a real route, and the stage waits for those routes (else the deploy fails).
    const routeKeys = Object.values(resources(t.template, 'AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties!.RouteKey,
    );
    expect(routeKeys).toEqual(expect.arrayContaining(Object.keys(settings)));
    expect((stage as { DependsOn?: string[] }).DependsOn?.length).toBeGreaterThanOrEqual(
      Object.keys(settings).length,
    );
  });
});

describe('Api with signed-in and admin routes', () => {
  // shared/api.ts has no "admin" route yet; this table proves the authorizer wiring for both kinds.
  const response = z.object({});
  const table = {
    health: { method: 'GET', path: '/api/health', access: 'public', group: 'system', response },
    create: { method: 'POST', path: '/api/uploads', access: 'caller', group: 'uploads', response },
    mine: { method: 'GET', path: '/api/me/uploads', access: 'user', group: 'uploads', response },
    remove: {
      method: 'DELETE',
      path: '/api/uploads/{uploadId}',
      access: 'owner',
      group: 'uploads',
      response,
    },
    seed: { method: 'POST', path: '/api/admin/seed', access: 'admin', group: 'system', response },
  } satisfies Record<string, RouteDef>;

  let stack: Stack;
  let template: Template;
  let pool: cognito.UserPool;
  let client: cognito.UserPoolClient;
  beforeAll(() => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    stack = new Stack(app, 'ApiOnly', { env: { account: '123456789012', region: 'eu-west-1' } });
    pool = new cognito.UserPool(stack, 'Pool');
    client = pool.addClient('Client');
    new Api(stack, 'Api', {
      userPool: pool,
      userPoolClient: client,
      table: new dynamodb.Table(stack, 'Table', {
        partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      }),
      tableIndexNames: [],
      uploads: new s3.Bucket(stack, 'Uploads'),
      renders: new s3.Bucket(stack, 'Renders'),
      renderQueue: new sqs.Queue(stack, 'Queue'),
      stripeSecret: new secretsmanager.Secret(stack, 'StripeSecret'),
      environment: {},
      routes: table as RouteTable,
    });
    template = withCfnValidation(false, () => Template.fromStack(stack));
  });

  it('puts the Cognito JWT authorizer on exactly the user and admin routes', () => {
    const authorizers = Object.keys(resources(template, 'AWS::ApiGatewayV2::Authorizer'));
    expect(authorizers).toHaveLength(1);
    const guarded = Object.values(resources(template, 'AWS::ApiGatewayV2::Route'))
      .filter((r) => r.Properties?.AuthorizationType === 'JWT')
      .map((r) => {
        expect(r.Properties?.AuthorizerId).toEqual({ Ref: authorizers[0] });
        return r.Properties?.RouteKey;
      })
      .sort();
    const expected = Object.values(table as RouteTable)
      .filter(needsJwtAuthorizer)
      .map(routeKey)
      .sort();
    expect(expected).toEqual(['GET /api/me/uploads', 'POST /api/admin/seed']);
    expect(guarded).toEqual(expected);
  });

  it('trusts tokens of this user pool issued to this app client only', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(client) }],
        Issuer: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([{ Ref: logicalId(pool) }])] }),
      },
    });
  });

  it('acknowledges the "no authorizer" finding only on routes that go without one', () => {
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(stack);
    const apig4 = report.violations.filter((v) => v.ruleName.startsWith('AwsSolutions-APIG4'));
    expect(apig4).toEqual([]);
    const acknowledged = stack.node
      .findAll()
      .filter((c) => c.node.metadata.some((m) => JSON.stringify(m.data ?? '').includes('AwsSolutions-APIG4')))
      .map((c) => c.node.id)
      .sort();
    expect(acknowledged).toEqual([
      'DELETE--api--uploads--{uploadId}',
      'GET--api--health',
      'POST--api--uploads',
    ]);
  });
});
