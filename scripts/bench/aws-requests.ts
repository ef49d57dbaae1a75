/**
 * Counts the requests a benchmark's flows make to each AWS service on the local stack, for the cost
 * model: every HTTP request this process sends to an emulator (the handlers' SDK clients through
 * node:http, presigned PUTs and GETs through fetch) is seen on Node's diagnostics channels and
 * sorted by service and operation; each /api request the gateway serves is one Lambda invocation,
 * and the benchmark adds the worker invocations (one per SQS batch).
 */
import dc from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

export type Service = 'DynamoDB' | 'S3' | 'SQS' | 'Cognito' | 'Stripe' | 'Lambda';
/** Where each emulator listens: port → service (S3 and SQS share fauxqs's port). */
export type PortMap = Map<number, 'dynamodb' | 'fauxqs' | 'cognito' | 'stripe'>;

const DYNAMO_READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);
const DYNAMO_WRITES = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
]);

/** "DynamoDB read (Query)", "S3 PUT", "SQS SendMessage"...: the service and what kind of request. */
export function classify(
  ports: PortMap,
  port: number,
  method: string,
  target: string | undefined,
): { service: Service; kind: string } | undefined {
  const emulator = ports.get(port);
  if (!emulator) return undefined;
  if (emulator === 'dynamodb') {
    const op = target?.split('.')[1] ?? 'unknown';
    const kind = DYNAMO_READS.has(op) ? 'read' : DYNAMO_WRITES.has(op) ? 'write' : 'other';
    return { service: 'DynamoDB', kind: `${kind} ${op}` };
  }
  if (emulator === 'fauxqs') {
    if (target?.startsWith('AmazonSQS.')) return { service: 'SQS', kind: target.slice('AmazonSQS.'.length) };
    return { service: 'S3', kind: method.toUpperCase() };
  }
  if (emulator === 'cognito') return { service: 'Cognito', kind: target?.split('.')[1] ?? method };
  return { service: 'Stripe', kind: method.toUpperCase() };
}

export type Counts = Map<string, number>;

export function startCounting(ports: PortMap, gatewayPort: number) {
  let counts: Counts = new Map();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const count = (port: number, method: string, target: string | undefined) => {
    const found = classify(ports, port, method, target);
    if (found) add(`${found.service}\t${found.kind}`);
  };
  const onClient = ({ request }: { request: ClientRequest }) => {
    const port = Number((request as unknown as { socket?: { remotePort?: number } }).socket?.remotePort);
    const host = request.getHeader('host');
    const fromHost = typeof host === 'string' ? Number(host.split(':')[1]) : Number.NaN;
    count(
      Number.isFinite(fromHost) ? fromHost : port,
      request.method,
      request.getHeader('x-amz-target') as string,
    );
  };
  const onFetch = ({ request }: { request: { origin: string; method: string; headers: unknown } }) => {
    const target = headerOf(request.headers, 'x-amz-target');
    count(Number(new URL(request.origin).port), request.method, target);
  };
  const onServer = ({ request, server }: { request: IncomingMessage; server: { address(): unknown } }) => {
    const address = server.address() as { port?: number } | null;
    if (address?.port === gatewayPort && request.url?.startsWith('/api/')) add('Lambda\tAPI');
  };
  dc.subscribe('http.client.request.start', onClient as (message: unknown) => void);
  dc.subscribe('undici:request:create', onFetch as (message: unknown) => void);
  dc.subscribe('http.server.request.start', onServer as (message: unknown) => void);
  return {
    /** One worker invocation (an SQS batch handed to the render or pack worker). */
    workerInvoked: (name: string) => add(`Lambda\tworker ${name}`),
    /** The counts since the last take, then starts again from zero. */
    take(): Counts {
      const taken = counts;
      counts = new Map();
      return taken;
    },
    stop() {
      dc.unsubscribe('http.client.request.start', onClient as (message: unknown) => void);
      dc.unsubscribe('undici:request:create', onFetch as (message: unknown) => void);
      dc.unsubscribe('http.server.request.start', onServer as (message: unknown) => void);
    },
  };
}

/** undici passes headers as a flat array or a "name: value\r\n" string, depending on its version. */
function headerOf(headers: unknown, name: string): string | undefined {
  if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i += 2)
      if (String(headers[i]).toLowerCase() === name) return String(headers[i + 1]);
    return undefined;
  }
  if (typeof headers === 'string') {
    const line = headers.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
    return line?.slice(name.length + 1).trim();
  }
  return undefined;
}

/** Per service: the total and each kind, divided by `per` (e.g. per age preview). */
export function summarise(counts: Counts, per = 1): string[] {
  const byService = new Map<string, [string, number][]>();
  for (const [key, n] of counts) {
    const [service, kind] = key.split('\t');
    byService.set(service, [...(byService.get(service) ?? []), [kind, n]]);
  }
  const fmt = (n: number) => (per === 1 ? String(n) : (n / per).toFixed(2));
  const lines: string[] = [];
  for (const service of ['Lambda', 'DynamoDB', 'S3', 'SQS', 'Cognito', 'Stripe']) {
    const kinds = byService.get(service);
    if (!kinds) continue;
    const total = kinds.reduce((sum, [, n]) => sum + n, 0);
    const detail = kinds
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${kind} ${fmt(n)}`)
      .join(', ');
    lines.push(`    ${service.padEnd(9)} ${fmt(total).padStart(8)}   (${detail})`);
  }
  return lines;
}

/** The emulator ports of a local stack's environment. */
export function portsOf(env: Record<string, string>): PortMap {
  const port = (url: string | undefined) => Number(new URL(url ?? 'http://x:0').port);
  return new Map([
    [port(env.AWS_ENDPOINT_URL_DYNAMODB), 'dynamodb'],
    [port(env.AWS_ENDPOINT_URL_S3), 'fauxqs'],
    [port(env.AWS_ENDPOINT_URL_SQS), 'fauxqs'],
    [port(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), 'cognito'],
    [port(env.STRIPE_API_BASE), 'stripe'],
  ]);
}
