/**
 * Object tagging for the fauxqs S3 emulator, which has none: it stores a PUT `?tagging` body AS the
 * object and takes a DELETE `?tagging` for a DeleteObject. The app relies on tags (anonymous uploads
 * carry `retention=anonymous`, migration removes it), so this adds the S3 behaviour it uses:
 * Get/Put/DeleteObjectTagging, the `x-amz-tagging` header of PutObject and CopyObject's
 * `x-amz-tagging-directive`, and tags that go with their object. Multipart uploads are not covered.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

type Tags = Record<string, string>;
type Request = {
  method: string;
  params?: Record<string, string | undefined>;
  query?: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
};
type Reply = {
  statusCode: number;
  code(status: number): Reply;
  header(name: string, value: string): Reply;
  send(payload?: string): Reply;
};
type HookApp = {
  addHook(name: 'preHandler', hook: (request: Request, reply: Reply) => Promise<unknown>): unknown;
  addHook(
    name: 'onSend',
    hook: (request: Request, reply: Reply, payload: unknown) => Promise<unknown>,
  ): unknown;
};
type ObjectStore = { headObject(bucket: string, key: string): unknown };

const XML = '<?xml version="1.0" encoding="UTF-8"?>';
export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** XML text as written (the five entities and numeric character references). */
export const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');

/** `<Tagging><TagSet><Tag><Key>k</Key><Value>v</Value></Tag>...` as S3 receives it. */
export function parseTaggingXml(xml: string): Tags {
  const tags: Tags = {};
  for (const [, tag] of xml.matchAll(/<Tag>([\s\S]*?)<\/Tag>/g)) {
    const key = /<Key>([\s\S]*?)<\/Key>/.exec(tag)?.[1];
    const value = /<Value>([\s\S]*?)<\/Value>/.exec(tag)?.[1] ?? '';
    if (key !== undefined) tags[unescapeXml(key)] = unescapeXml(value);
  }
  return tags;
}

export function taggingXml(tags: Tags): string {
  const set = Object.entries(tags)
    .map(([key, value]) => `<Tag><Key>${escapeXml(key)}</Key><Value>${escapeXml(value)}</Value></Tag>`)
    .join('');
  return `${XML}<Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet>${set}</TagSet></Tagging>`;
}

/** The `x-amz-tagging` header: a URL query string, `retention=anonymous&a=b`. */
export function parseTaggingHeader(header: string | undefined): Tags {
  return header ? Object.fromEntries(new URLSearchParams(header)) : {};
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export type S3Tagging = { tagsOf(bucket: string, key: string): Tags; save(): void };

export function addS3Tagging(app: HookApp, store: ObjectStore, file: string): S3Tagging {
  const tags = new Map<string, Tags>(
    existsSync(file) ? Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, Tags>) : [],
  );
  const id = (bucket: string, key: string) => `${bucket}/${key}`;
  const exists = (bucket: string, key: string) => {
    try {
      store.headObject(bucket, key);
      return true;
    } catch {
      return false;
    }
  };
  /** What to change once fauxqs answered the request successfully. */
  const pending = new WeakMap<Request, () => void>();

  app.addHook('preHandler', async (request, reply) => {
    const bucket = request.params?.bucket;
    const key = request.params?.['*'];
    const query = request.query ?? {};
    if (!bucket) return;
    if (!key) {
      // DeleteObjects (POST /bucket?delete): forget the tags of whatever it removed.
      if (request.method === 'POST') {
        pending.set(request, () => {
          for (const name of [...tags.keys()]) {
            if (name.startsWith(`${bucket}/`) && !exists(bucket, name.slice(bucket.length + 1)))
              tags.delete(name);
          }
        });
      }
      return;
    }
    if ('tagging' in query) {
      if (!exists(bucket, key)) {
        return reply
          .code(404)
          .header('content-type', 'application/xml')
          .send(
            `${XML}<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message>` +
              `<Key>${escapeXml(key)}</Key></Error>`,
          );
      }
      if (request.method === 'GET') {
        return reply
          .code(200)
          .header('content-type', 'application/xml')
          .send(taggingXml(tags.get(id(bucket, key)) ?? {}));
      }
      if (request.method === 'PUT') {
        const body = Buffer.isBuffer(request.body)
          ? request.body.toString('utf8')
          : String(request.body ?? '');
        const set = parseTaggingXml(body);
        if (Object.keys(set).length) tags.set(id(bucket, key), set);
        else tags.delete(id(bucket, key));
        return reply.code(200).send();
      }
      if (request.method === 'DELETE') {
        tags.delete(id(bucket, key));
        return reply.code(204).send();
      }
      return;
    }
    if (request.method === 'PUT' && !query.uploadId && !('renameObject' in query)) {
      const copySource = one(request.headers['x-amz-copy-source']);
      let next: Tags;
      if (copySource && one(request.headers['x-amz-tagging-directive'])?.toUpperCase() !== 'REPLACE') {
        // CopyObject keeps the source's tags unless told to replace them.
        const source = decodeURIComponent(copySource).replace(/^\//, '');
        next = { ...(tags.get(source) ?? {}) };
      } else {
        next = parseTaggingHeader(one(request.headers['x-amz-tagging']));
      }
      pending.set(request, () => {
        if (Object.keys(next).length) tags.set(id(bucket, key), next);
        else tags.delete(id(bucket, key));
      });
    } else if (request.method === 'DELETE' && !query.uploadId) {
      pending.set(request, () => tags.delete(id(bucket, key)));
    }
  });

  // Before the answer leaves: a client that reads the tags right after its PUT sees them.
  app.addHook('onSend', async (request, reply, payload) => {
    const apply = pending.get(request);
    if (apply && reply.statusCode < 300) apply();
    return payload;
  });

  return {
    tagsOf: (bucket, key) => ({ ...(tags.get(id(bucket, key)) ?? {}) }),
    save() {
      writeFileSync(file, JSON.stringify(Object.fromEntries(tags)));
    },
  };
}
