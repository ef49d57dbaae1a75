/**
 * For the contract tests: the replicate provider pointed at a local Replicate fake, a logger that
 * records, a webhook receiver that keeps each delivery's raw body and headers, and test pictures.
 */
import http from 'node:http';
import sharp from 'sharp';
import {
  type ReplicateFake,
  startReplicateFake,
} from '../../../../scripts/local/replicate-fake/replicate-fake';
import type { FaceBox } from '../../../core/ports';
import { replicateConfigOf } from './replicate-config';
import { createReplicateImageAI, type ReplicateImageAIOptions } from './replicate-image-ai';

export type LogLine = { level: 'info' | 'warn' | 'error'; message: string; extra: Record<string, unknown> };

export function recordingLogger() {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (message: unknown, ...extra: unknown[]) =>
      void lines.push({
        level,
        message: String(message),
        extra: (extra[0] ?? {}) as Record<string, unknown>,
      });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

/** The provider against the fake, with `env` on top of its base URL and a token. */
export function providerOn(
  fake: ReplicateFake,
  env: Record<string, string> = {},
  options: ReplicateImageAIOptions = {},
) {
  const config = replicateConfigOf({
    REPLICATE_API_BASE: fake.url,
    REPLICATE_API_TOKEN: 'test-token',
    ...env,
  });
  const log = recordingLogger();
  const ai = createReplicateImageAI(config, { logger: log.logger, pollIntervalMs: 50, ...options });
  return { ai, logs: log.lines };
}

export const startQuietFake = (opts: Parameters<typeof startReplicateFake>[0] = {}) =>
  startReplicateFake({ log: () => undefined, ...opts });

export type ReceivedWebhook = { rawBody: string; headers: Record<string, string> };

/** An HTTP endpoint that answers 204 and keeps every delivery as it came. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : (value ?? ''),
      ]),
    );
    received.push({ rawBody: Buffer.concat(chunks).toString('utf8'), headers });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/ai/webhook`,
    received,
    /** Resolves once `count` deliveries arrived (or rejects after a few seconds). */
    async waitFor(count: number) {
      const until = Date.now() + 10_000;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(`expected ${count} webhook deliveries, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A photo-sized gradient JPEG (no face: tests give the face, or expect none). */
export const testPhoto = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#c08060' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#f0d0b0"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/** A face in the middle of testPhoto(1200, 900), as face-api would describe it. */
export const testFace: FaceBox = {
  x: 480,
  y: 330,
  width: 240,
  height: 260,
  roll: 0,
  estimatedAge: 6,
  score: 0.95,
};
