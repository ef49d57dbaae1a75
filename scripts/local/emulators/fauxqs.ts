/**
 * fauxqs (S3 + SQS) in this process on 127.0.0.1, with CORS for the browser, object tagging
 * (s3-tagging.ts), S3 objects stored as files (they survive a restart) and a snapshot of
 * queued messages taken on a clean stop.
 *
 * fauxqs 2.4 imports `node:sqlite` (Node >= 22.5) for its optional SQLite persistence, which we do
 * not use; on Node 20 a loader hook answers that import with a stub. Its file-based S3 storage needs
 * no SQLite. `startFauxqs()` listens on 0.0.0.0, so we wire its stores into `buildApp()` ourselves.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  GetQueueUrlCommand,
  type MessageAttributeValue,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { LOOPBACK } from '../ports';
import { addS3Tagging } from './s3-tagging';

const SQLITE_STUB_HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === 'node:sqlite') {
    const stub = 'export class DatabaseSync { constructor() { throw new Error("fauxqs SQLite persistence needs Node 22.5+") } }';
    return { url: 'data:text/javascript,' + encodeURIComponent(stub), shortCircuit: true };
  }
  return next(specifier, context);
}`;

let hooksRegistered = false;

function ensureSqliteStub(): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 5)) return;
  register(`data:text/javascript,${encodeURIComponent(SQLITE_STUB_HOOKS)}`);
}

type QueueMessage = { body: string; messageAttributes: Record<string, MessageAttributeValue> };
type InspectedQueue = {
  name: string;
  messages: { ready: QueueMessage[]; delayed: QueueMessage[]; inflight: { message: QueueMessage }[] };
};
type SqsStoreLike = {
  host: string;
  allQueues(): Iterable<{ name: string }>;
  inspectQueue(name: string): InspectedQueue | undefined;
};
type FileS3PersistenceLike = { loadS3(store: unknown): void; close(): void };

/** The installed folder of a package, searching node_modules upwards from this file. */
function findPackageDir(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Package ${name} is not installed`);
    dir = parent;
  }
}

/** fauxqs modules that its package does not export (the stores and the file persistence). */
async function loadFauxqs() {
  ensureSqliteStub();
  // The package exports only "." (import condition): find its folder the way Node would.
  const dist = path.join(findPackageDir('fauxqs'), 'dist');
  const load = (file: string) => import(pathToFileURL(path.join(dist, file)).href);
  const app = (await load('app.js')) as typeof import('fauxqs');
  const { S3Store } = await load('s3/s3Store.js');
  const { SqsStore } = await load('sqs/sqsStore.js');
  const { SnsStore } = await load('sns/snsStore.js');
  const { FileS3Persistence } = await load('s3/fileS3Persistence.js');
  return { buildApp: app.buildApp, S3Store, SqsStore, SnsStore, FileS3Persistence };
}

type CorsRequest = { method: string; headers: Record<string, string | string[] | undefined> };
type CorsReply = { header(name: string, value: string): unknown; code(status: number): { send(): unknown } };

/** Origins the browser may call S3 from: the app and dev servers on this machine only. */
export const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export type RunningFauxqs = {
  port: number;
  endpoint: string;
  /** Re-sends the messages saved by the last clean stop; call after the queues exist. */
  restoreQueueMessages(): Promise<number>;
  stop(): Promise<void>;
};

const RESPONSE_OVERRIDES = [
  ['response-content-disposition', 'content-disposition'],
  ['response-content-type', 'content-type'],
  ['response-cache-control', 'cache-control'],
] as const;

export async function startFauxqsServer(opts: {
  port: number;
  /** S3 objects as files under `<dir>/s3`, the queue snapshot in `<dir>/queues.json`. */
  dataDir: string;
}): Promise<RunningFauxqs> {
  const fauxqs = await loadFauxqs();
  mkdirSync(opts.dataDir, { recursive: true });
  const s3Store = new fauxqs.S3Store();
  const sqsStore = new fauxqs.SqsStore() as SqsStoreLike;
  // An empty host makes queue URLs use the request's host (http://127.0.0.1:port/...), which resolves.
  sqsStore.host = '';
  const s3Files = new fauxqs.FileS3Persistence(path.join(opts.dataDir, 's3')) as FileS3PersistenceLike;
  s3Files.loadS3(s3Store);
  s3Store.persistence = s3Files;

  const app = fauxqs.buildApp({
    logger: false,
    stores: { s3Store, sqsStore: sqsStore as never, snsStore: new fauxqs.SnsStore() },
  });
  app.addHook('onRequest', async (request: CorsRequest, reply: CorsReply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !LOOPBACK_ORIGIN.test(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', 'ETag, x-amz-request-id, x-amz-version-id');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, HEAD, PUT, POST, DELETE');
      reply.header(
        'access-control-allow-headers',
        String(request.headers['access-control-request-headers'] ?? '*'),
      );
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
  // S3 lets a presigned GET override response headers (response-content-disposition, ...);
  // fauxqs ignores them, so HD downloads would open instead of saving. Apply them here.
  app.addHook(
    'onSend',
    async (
      request: { method: string; url: string },
      reply: CorsReply & { statusCode: number },
      payload: unknown,
    ) => {
      // Only a stored object's own answer takes the overrides (as on S3), never an error reply.
      if (request.method !== 'GET' || reply.statusCode >= 300) return payload;
      const query = new URL(request.url, 'http://local').searchParams;
      for (const [param, header] of RESPONSE_OVERRIDES) {
        const value = query.get(param);
        if (value) reply.header(header, value);
      }
      return payload;
    },
  );
  const tagging = addS3Tagging(app as never, s3Store, path.join(opts.dataDir, 's3-tags.json'));
  await app.listen({ host: LOOPBACK, port: opts.port });

  const endpoint = `http://${LOOPBACK}:${opts.port}`;
  const snapshotFile = path.join(opts.dataDir, 'queues.json');

  return {
    port: opts.port,
    endpoint,
    async restoreQueueMessages() {
      if (!existsSync(snapshotFile)) return 0;
      const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Record<string, QueueMessage[]>;
      const sqs = new SQSClient({
        endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      let restored = 0;
      for (const [queueName, messages] of Object.entries(snapshot)) {
        const { QueueUrl } = await sqs
          .send(new GetQueueUrlCommand({ QueueName: queueName }))
          .catch(() => ({ QueueUrl: undefined }));
        if (!QueueUrl) continue;
        for (let i = 0; i < messages.length; i += 10) {
          await sqs.send(
            new SendMessageBatchCommand({
              QueueUrl,
              Entries: messages.slice(i, i + 10).map((m, n) => ({
                Id: `r${i + n}`,
                MessageBody: m.body,
                MessageAttributes: Object.keys(m.messageAttributes ?? {}).length
                  ? m.messageAttributes
                  : undefined,
              })),
            }),
          );
        }
        restored += messages.length;
      }
      sqs.destroy();
      rmSync(snapshotFile);
      return restored;
    },
    async stop() {
      // Messages live in memory only: save them so a clean restart keeps the work queued.
      const snapshot: Record<string, QueueMessage[]> = {};
      for (const queue of sqsStore.allQueues()) {
        const state = sqsStore.inspectQueue(queue.name);
        if (!state) continue;
        const all = [
          ...state.messages.ready,
          ...state.messages.delayed,
          ...state.messages.inflight.map((entry) => entry.message),
        ];
        if (all.length) {
          snapshot[queue.name] = all.map((m) => ({ body: m.body, messageAttributes: m.messageAttributes }));
        }
      }
      if (Object.keys(snapshot).length) writeFileSync(snapshotFile, JSON.stringify(snapshot));
      await app.close();
      s3Files.close();
      tagging.save();
    },
  };
}
