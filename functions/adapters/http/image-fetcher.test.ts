/**
 * The SSRF guard against real sockets on loopback: a plain-HTTP server on 127.0.0.1 must be refused
 * before any connection, and a TLS test server (trusted and allowed only through the test options)
 * shows redirects, size and time limits being enforced.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageFetcher } from './image-fetcher';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(500, 7)]);
let plain: http.Server;
let plainConnections = 0;
let tls: https.Server;
let cert: string;
let tlsPort: number;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** What the TLS server answers per path. */
function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const at = (path: string) => `https://images.test:${tlsPort}${path}`;
  switch (req.url) {
    case '/ok.png':
      return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    case '/to-private':
      return res.writeHead(302, { location: 'https://10.0.0.1/secret' }).end();
    case '/to-metadata-name':
      return res.writeHead(301, { location: at('/ok.png').replace('images.test', 'metadata.test') }).end();
    case '/to-http':
      return res.writeHead(302, { location: `http://images.test:${tlsPort}/ok.png` }).end();
    case '/hop':
      return res.writeHead(302, { location: at('/ok.png') }).end();
    case '/loop':
      return res.writeHead(302, { location: at('/loop') }).end();
    case '/big-declared':
      return res.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000));
    case '/big-chunked':
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(500));
      return res.end();
    case '/slow':
      res.writeHead(200);
      return res.write(Buffer.alloc(10)); // and never ends
    default:
      return res.writeHead(404).end('not found');
  }
}

beforeAll(async () => {
  plain = http.createServer((_req, res) => res.end(PNG));
  plain.on('connection', () => plainConnections++);
  const dir = mkdtempSync(join(tmpdir(), 'fetcher-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=images.test'],
      ...['-addext', 'subjectAltName=DNS:images.test,DNS:metadata.test'],
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  tls = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, route);
  await listen(plain);
  tlsPort = await listen(tls);
});

afterAll(() => {
  plain.close();
  tls.closeAllConnections();
  tls.close();
});

/** The guard as deployed (real DNS, public addresses only). */
const guarded = createImageFetcher();
/** The TLS test server reachable as images.test; metadata.test resolves to the metadata address. */
const testFetcher = (opts: { maxBytes?: number; timeoutMs?: number } = {}) =>
  createImageFetcher({
    ...opts,
    ca: cert,
    resolve: async (host) =>
      host === 'images.test'
        ? [{ address: '127.0.0.1', family: 4 }]
        : [{ address: '169.254.169.254', family: 4 }],
    isAllowedAddress: (address) => address === '127.0.0.1',
  });

const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: { reason?: string; message: string }) => error.reason ?? error.message,
  );

describe('createImageFetcher (the deployed guard)', () => {
  it('refuses a plain-HTTP server on 127.0.0.1 without connecting to it', async () => {
    const port = (plain.address() as AddressInfo).port;
    expect(await reason(guarded.fetch(`http://127.0.0.1:${port}/image.png`))).toBe('not_https');
    expect(await reason(guarded.fetch(`https://127.0.0.1:${port}/image.png`))).toBe('blocked_address');
    expect(await reason(guarded.fetch(`https://localhost:${port}/image.png`))).toBe('blocked_address');
    expect(await reason(guarded.fetch(`https://[::1]:${port}/image.png`))).toBe('blocked_address');
    expect(await reason(guarded.fetch(`https://[::ffff:127.0.0.1]:${port}/`))).toBe('blocked_address');
    expect(plainConnections).toBe(0);
  });

  it('refuses the cloud metadata address and other private ones, and schemes other than https', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/a.png',
      'https://192.168.0.10/a.png',
      'https://100.64.1.1/a.png',
      'https://[fd00:ec2::254]/latest/meta-data/',
    ]) {
      expect(await reason(guarded.fetch(url)), url).toBe('blocked_address');
    }
    for (const url of [
      'http://example.com/a.png',
      'ftp://example.com/a.png',
      'file:///etc/passwd',
      'nonsense',
    ]) {
      expect(await reason(guarded.fetch(url)), url).toBe('not_https');
    }
  });

  it('refuses a name with any private address among its answers', async () => {
    const fetcher = createImageFetcher({
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    expect(await reason(fetcher.fetch('https://mixed.example/a.png'))).toBe('blocked_address');
  });
});

describe('createImageFetcher (against a TLS test server)', () => {
  it('fetches an image, following a redirect that stays allowed', async () => {
    expect(await testFetcher().fetch(`https://images.test:${tlsPort}/ok.png`)).toEqual(PNG);
    expect(await testFetcher().fetch(`https://images.test:${tlsPort}/hop`)).toEqual(PNG);
  });

  it('refuses redirects to a private address, to a name resolving to one, to http, and endless ones', async () => {
    const base = `https://images.test:${tlsPort}`;
    expect(await reason(testFetcher().fetch(`${base}/to-private`))).toBe('blocked_address');
    expect(await reason(testFetcher().fetch(`${base}/to-metadata-name`))).toBe('blocked_address');
    expect(await reason(testFetcher().fetch(`${base}/to-http`))).toBe('not_https');
    expect(await reason(testFetcher().fetch(`${base}/loop`))).toBe('redirects');
  });

  it('refuses a body over the limit, declared or not, and a fetch over the time limit', async () => {
    const base = `https://images.test:${tlsPort}`;
    const small = testFetcher({ maxBytes: 1000 });
    expect(await reason(small.fetch(`${base}/big-declared`))).toBe('too_large');
    expect(await reason(small.fetch(`${base}/big-chunked`))).toBe('too_large');
    expect(await reason(testFetcher({ timeoutMs: 300 }).fetch(`${base}/slow`))).toBe('timeout');
    expect(await reason(testFetcher().fetch(`${base}/missing`))).toBe('http_status');
  });

  it("stops at once when the caller's signal aborts (the import's deadline), saying so", async () => {
    const started = performance.now();
    const cancelled = testFetcher().fetch(`https://images.test:${tlsPort}/slow`, {
      signal: AbortSignal.timeout(200),
    });
    expect(await reason(cancelled)).toBe('cancelled');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('does not trust a certificate it was not given', async () => {
    const untrusting = createImageFetcher({
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      isAllowedAddress: () => true,
    });
    expect(await reason(untrusting.fetch(`https://images.test:${tlsPort}/ok.png`))).toBe('unreachable');
  });
});
