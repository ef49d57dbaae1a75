/**
 * An HTTP proxy on 127.0.0.1 in front of one emulator: each request is judged first, then forwarded
 * unchanged (same method, path, headers and Host, so path-style S3 URLs, fauxqs' queue URLs and
 * SigV4 signatures stay as the client made them) or answered with the service's AccessDenied. Bodies
 * stream through; only the requests whose classification needs their body are read first.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK, PortInUseError } from '../ports';
import { type Denial, type DenialShape, writeDenial } from './denials';

export type Refused = { shape: DenialShape; denial: Denial };

export type Verdict =
  | {
      allowed: true;
      /** Sees the emulator's status before the answer goes back (S3's 403 for a missing key). */
      onStatus?: (status: number) => Promise<Refused | undefined>;
    }
  | { allowed: false; refusal: Refused };

export type ProxyRules = {
  needsBody(req: IncomingMessage): boolean;
  judge(req: IncomingMessage, body: Buffer | undefined): Promise<Verdict>;
};

export type RunningProxy = { port: number; endpoint: string; stop(): Promise<void> };

/** DynamoDB's BatchWriteItem tops out at 16 MB; anything bigger is not a request to judge. */
const MAX_JUDGED_BODY_BYTES = 32 * 1024 * 1024;
/** Per connection, not end to end: never forwarded. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer', 'expect'];

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_JUDGED_BODY_BYTES) throw new Error(`request body over ${MAX_JUDGED_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function withoutHopByHop(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders) {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

export async function startProxy(opts: {
  name: string;
  /** 0 picks a free port. */
  port: number;
  upstreamPort: number;
  rules: ProxyRules;
  onError?: (line: string) => void;
}): Promise<RunningProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /** Once stopping, the calls still in flight are cut on purpose: no error to report. */
  let stopping = false;
  const report = opts.onError ?? ((line: string) => console.error(line));

  async function handle(req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) {
    const needsBody = opts.rules.needsBody(req);
    // The client waits for "100 Continue" before it sends a body: only ask for one we will use.
    if (expectsContinue && needsBody) res.writeContinue();
    const body = needsBody ? await readBody(req) : undefined;
    const verdict = await opts.rules.judge(req, body);
    if (!verdict.allowed) {
      if (!needsBody && !expectsContinue) req.resume();
      writeDenial(res, verdict.refusal.shape, verdict.refusal.denial, req, !needsBody);
      return;
    }
    if (expectsContinue && !needsBody) res.writeContinue();

    const headers = withoutHopByHop(req.headers);
    if (body) {
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
    }
    const upstream = http.request({
      host: LOOPBACK,
      port: opts.upstreamPort,
      method: req.method,
      path: req.url,
      headers,
      agent,
    });
    // The caller hung up (or the proxy stops): drop the call upstream too, quietly.
    let callerGone = false;
    res.on('close', () => {
      if (res.writableFinished) return;
      callerGone = true;
      upstream.destroy();
    });
    upstream.on('response', async (upRes) => {
      try {
        const refused = verdict.onStatus ? await verdict.onStatus(upRes.statusCode ?? 502) : undefined;
        if (refused) {
          upRes.resume();
          writeDenial(res, refused.shape, refused.denial, req);
          return;
        }
        const responseHeaders = withoutHopByHop(upRes.headers);
        delete responseHeaders['transfer-encoding'];
        res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, responseHeaders);
        upRes.pipe(res);
      } catch (error) {
        upRes.resume();
        fail(res, error);
      }
    });
    upstream.on('error', (error) => {
      if (!callerGone && !stopping) fail(res, error);
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  }

  function fail(res: ServerResponse, error: unknown) {
    report(`[iam ${opts.name}] ${(error as Error).message ?? error}`);
    if (res.headersSent) res.destroy();
    else
      res
        .writeHead(502, { 'content-type': 'text/plain' })
        .end(`local IAM proxy: ${(error as Error).message}`);
  }

  const serve = (expectsContinue: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res, expectsContinue).catch((error) => fail(res, error));
  };
  const server = http.createServer(serve(false));
  server.on('checkContinue', serve(true));
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? new PortInUseError(`IAM proxy of ${opts.name}`, opts.port) : error,
      );
    server.once('error', failed);
    server.listen(opts.port, LOOPBACK, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    endpoint: `http://${LOOPBACK}:${port}`,
    async stop() {
      stopping = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
