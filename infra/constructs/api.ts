/**
 * The HTTP API. Its routes are the route table of shared/api.ts: one Lambda per route group, and the
 * Cognito JWT authorizer exactly on the routes that need a signed-in user.
 */

import {
  needsJwtAuthorizer,
  type RouteDef,
  type RouteGroup,
  type RouteId,
  routeKey,
  routes,
} from '@shared/api';
import { DEFAULT_ROUTE_THROTTLE, ROUTE_THROTTLES } from '@shared/deployment';
import { Duration } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { grantGroup, groupEnvironment } from './api-grants';
import { AppFunction, IMAGE_NODE_MODULES } from './app-function';
import { acknowledge } from './grants';

/**
 * Memory per route group; a group not listed gets the default. The uploads group runs sharp and
 * makes a hosted render's HD file on its first download (Skia); moments removes backgrounds (face-api and the segmentation model) and draws keepsakes.
 */
const GROUP_MEMORY_MB: Partial<Record<RouteGroup, number>> = {
  uploads: 1024,
  system: 256,
  moments: 2048,
  // The template seeder draws up to 100 templates at 2048 px per request: 3584 MB is two vCPUs.
  admin: 3584,
};
/**
 * The packages of IMAGE_NODE_MODULES a group's entry loads, installed beside its bundle; a group not
 * listed loads none. Exactly what the entry reaches: infra/lambda-modules.test.ts bundles each one.
 * Uploads checks photos (sharp) and makes HD files (Skia); admin makes imported templates' files
 * (sharp); moments removes backgrounds (face-api, tfjs) and draws keepsakes (Skia).
 */
export const GROUP_NODE_MODULES: Partial<Record<RouteGroup, string[]>> = {
  uploads: ['sharp', '@napi-rs/canvas'],
  admin: ['sharp'],
  moments: IMAGE_NODE_MODULES,
};
/** The segmentation and pose models, read beside the bundle by functions/image-engine/src/background/model-dir.ts. */
export const SELFIE_MODEL_FOLDER = { 'selfie-model': 'functions/image-engine/src/background/model' };
/** Folders a group's Lambda reads beside its bundle: those of the modules its entry reaches. */
export const GROUP_BUNDLE_FOLDERS: Partial<Record<RouteGroup, Record<string, string>>> = {
  moments: SELFIE_MODEL_FOLDER,
};
const DEFAULT_MEMORY_MB = 512;
/** API Gateway gives up on an integration after 30 s; fail earlier, with our own error. */
const HANDLER_TIMEOUT = Duration.seconds(15);
/**
 * The template seeder fetches and draws a batch of images in one request, and a hosted background
 * removal waits for its model (GROUP_MODEL_WAIT): up to API Gateway's 30 s.
 */
const GROUP_TIMEOUT: Partial<Record<RouteGroup, Duration>> = {
  admin: Duration.seconds(29),
  moments: Duration.seconds(29),
};
/**
 * REPLICATE_TIMEOUT_SECONDS of the groups that wait for a hosted model inside a request (moments'
 * cut-outs): then the prediction is cancelled and the caller told, well before API Gateway gives up.
 */
export const GROUP_MODEL_WAIT: Partial<Record<RouteGroup, Duration>> = { moments: Duration.seconds(12) };

export type ApiProps = {
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  table: dynamodb.ITable;
  tableIndexNames: string[];
  uploads: s3.IBucket;
  /** Uploads and account delete renders (and migration clears their retention tag). */
  renders: s3.IBucket;
  renderQueue: sqs.IQueue;
  /** Stripe keys; its ARN goes only to the groups that call Stripe (api-grants.ts). */
  stripeSecret: secretsmanager.ISecret;
  /** The pack queue; its URL and send right go to the admin group only (api-grants.ts). */
  packQueue?: sqs.IQueue;
  /** Runtime configuration (functions/adapters/config.ts), queue URL included. */
  environment: Record<string, string>;
  throttle?: apigwv2.ThrottleSettings;
  /** The route table; shared/api.ts unless a test passes another. */
  routes?: RouteTable;
};

export type RouteTable = Record<string, RouteDef>;

/** The route groups in table order; one Lambda each, entry functions/lambda/<group>.ts. */
export function routeGroups(routeTable: RouteTable = routes): RouteGroup[] {
  return [...new Set(Object.values(routeTable).map((route) => route.group))];
}

export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** The stage's JSON access log (one line per request; the throttling alarm counts its 429s). */
  readonly accessLogs: logs.LogGroup;
  readonly handlers: Map<RouteGroup, AppFunction>;
  /** Signs visitor session tokens; read by the groups that serve visitors (api-grants.ts). */
  readonly sessionKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Little Futures API (reached through CloudFront under /api/*)',
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.accessLogs = accessLogs;
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? DEFAULT_ROUTE_THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    this.sessionKey = new secretsmanager.Secret(this, 'VisitorSessionKey', {
      description: 'Signs visitor session tokens (HMAC-SHA256); read by the Lambdas that serve visitors',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    acknowledge(
      this.sessionKey,
      'AwsSolutions-SMG4',
      'A new key ends every visitor session at once, and with it their access to the photos they made ' +
        'without an account (30 days): replace it only when it leaked, by setting a new value.',
    );
    const resources = { ...props, sessionKey: this.sessionKey };

    const routeTable: RouteTable = props.routes ?? routes;
    this.handlers = new Map();
    for (const group of routeGroups(routeTable)) {
      const handler = new AppFunction(this, `${pascal(group)}Handler`, {
        entry: `functions/lambda/${group}.ts`,
        description: `HTTP routes of the ${group} group`,
        memorySize: GROUP_MEMORY_MB[group] ?? DEFAULT_MEMORY_MB,
        timeout: GROUP_TIMEOUT[group] ?? HANDLER_TIMEOUT,
        environment: { ...props.environment, ...groupEnvironment(group, resources) },
        nodeModules: GROUP_NODE_MODULES[group],
        bundleFolders: GROUP_BUNDLE_FOLDERS[group],
      });
      grantGroup(group, handler.role, resources);
      this.handlers.set(group, handler);
    }

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });
    const integrations = new Map(
      [...this.handlers].map(([group, handler]) => [
        group,
        new HttpLambdaIntegration(`${pascal(group)}Integration`, handler.function),
      ]),
    );
    // CloudFormation's RouteSettings is untyped JSON: CDK passes its keys as written, so they are in
    // CloudFormation's own (Pascal) case here.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
    for (const [routeId, route] of Object.entries(routeTable)) {
      const guarded = needsJwtAuthorizer(route);
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration: integrations.get(route.group)!,
        authorizer: guarded ? authorizer : undefined,
      });
      if (!guarded) acknowledge(httpRoute, 'AwsSolutions-APIG4', unguardedReason(routeId, route));
      const throttle = ROUTE_THROTTLES[routeId as RouteId];
      if (throttle) {
        routeSettings[routeKey(route)] = {
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
        };
        // Route settings name a route key: the route must exist before the stage mentions it.
        cfnStage.node.addDependency(httpRoute);
      }
    }
    cfnStage.routeSettings = routeSettings;
  }

  /** The stage's invoke URL, e.g. https://abc.execute-api.eu-west-1.amazonaws.com/ */
  get url(): string {
    return this.stage.url;
  }
}

/** Why a route may go without the JWT authorizer; the reason names the route, so each one is its own. */
function unguardedReason(routeId: string, route: RouteDef): string {
  if (route.rawBody) {
    return (
      `Route ${routeId} is a signed webhook ("${route.access}" in shared/api.ts): its sender (Stripe, the AI provider) has no ` +
      "user token; the handler verifies the sender's signature over the raw body before it acts."
    );
  }
  return (
    `Route ${routeId} is "${route.access}" in shared/api.ts: visitors without an account call it with ` +
    'the session token the server signed, and the handler verifies it and an optional Cognito token itself.'
  );
}

function pascal(text: string): string {
  return text.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());
}
