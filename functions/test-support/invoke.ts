/** Test helpers that call the real handlers the way API Gateway and the SQS trigger do. */
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { fillPath, type RouteId, routeKey, routes, SESSION_HEADER } from '@shared/api';
import type { APIGatewayProxyEventV2, Context, SQSEvent } from 'aws-lambda';
import { toSqsRecord } from '../../scripts/local/sqs-poller';
import type { AppHandlers } from '../handlers/registry';
import { visitorToken } from './sessions';

const context = {} as Context;

export type CallOptions = {
  params?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** The visitor session the call comes from: sent as a token signed with the key in force. */
  sessionId?: string;
  headers?: Record<string, string>;
  claims?: Record<string, string>;
  /** The caller's address as API Gateway sees it (127.0.0.1 unless given). */
  sourceIp?: string;
  /** API Gateway's request id (random unless given). */
  requestId?: string;
};

export function httpEvent(id: RouteId, options: CallOptions = {}): APIGatewayProxyEventV2 {
  const route = routes[id];
  const path = fillPath(route.path, options.params ?? {});
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.sessionId) headers[SESSION_HEADER] = visitorToken(options.sessionId);
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: path,
    rawQueryString: '',
    headers,
    pathParameters: options.params,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: options.sourceIp ?? '127.0.0.1',
        userAgent: 'vitest',
      },
      requestId: options.requestId ?? crypto.randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      ...(options.claims ? { authorizer: { jwt: { claims: options.claims, scopes: [] } } } : {}),
    },
  } as APIGatewayProxyEventV2;
}

export type RouteResult = {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  json: any;
};
export type CallRoute = (id: RouteId, options?: CallOptions) => Promise<RouteResult>;

/** Calls the route's real handler the way API Gateway does. */
export async function invokeRoute(
  handlers: AppHandlers['httpHandlers'],
  id: RouteId,
  options: CallOptions = {},
): Promise<RouteResult> {
  const result = await handlers[routes[id].group](httpEvent(id, options), context);
  const text = typeof result.body === 'string' ? result.body : '';
  return {
    status: result.statusCode ?? 200,
    headers: (result.headers ?? {}) as Record<string, string>,
    json: text ? JSON.parse(text) : undefined,
  };
}

export type RenderWorkerOptions = {
  maxBatches?: number;
  waitSeconds?: number;
  /** Make failed messages visible again at once. */
  retryNow?: boolean;
  /** Another queue than the render queue (the pack queue). */
  queueUrl?: string;
};

/** Receives what is on the render queue and runs the real worker on it, like the SQS trigger. */
export async function runRenderWorker(
  renderWorker: AppHandlers['renderWorker'],
  options: RenderWorkerOptions = {},
) {
  const sqs = new SQSClient({ region: process.env.AWS_REGION });
  const queueUrl = options.queueUrl ?? process.env.RENDER_QUEUE_URL!;
  const outcome = { delivered: 0, failed: 0 };
  for (let batch = 0; batch < (options.maxBatches ?? 5); batch++) {
    const received = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: options.waitSeconds ?? 1,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    const messages = received.Messages ?? [];
    if (messages.length === 0) break;
    const response = await renderWorker(sqsEvent(messages), context);
    const failedIds = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
    outcome.delivered += messages.length;
    outcome.failed += failedIds.size;
    for (const m of messages) {
      if (!failedIds.has(m.MessageId!)) {
        await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));
      } else if (options.retryNow) {
        await sqs.send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: queueUrl,
            ReceiptHandle: m.ReceiptHandle!,
            VisibilityTimeout: 0,
          }),
        );
      }
    }
  }
  return outcome;
}

/**
 * The event a worker gets for these received messages: the shape Lambda delivers, as the local
 * stack's poller makes it (message attributes included).
 */
export function sqsEvent(messages: Message[]): SQSEvent {
  return {
    Records: messages.map((m) => toSqsRecord(m, 'arn:aws:sqs:us-east-1:000000000000:render', 'us-east-1')),
  };
}

/** Drops render messages a test file queued but did not need, so the next file's worker never sees them. */
export async function purgeRenderQueue(queueUrl = process.env.RENDER_QUEUE_URL!) {
  const sqs = new SQSClient({ region: process.env.AWS_REGION });
  await sqs.send(new PurgeQueueCommand({ QueueUrl: queueUrl }));
  sqs.destroy();
}
