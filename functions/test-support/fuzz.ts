/**
 * Inputs for the route fuzzer (functions/handlers/fuzz.int.test.ts): request bodies derived from a
 * route's zod schema (through its JSON Schema, so the fuzzer reads the same contract as the OpenAPI
 * document), and hostile bodies, headers and path parameters no schema would allow.
 */
import { errorBodySchema } from '@shared/schemas/uploads';
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

/**
 * Where values come from besides the schema: the fixtures' ids by field name (so a share of calls
 * reaches real records), else any of them or any UUID; and strings worth trying by field name.
 */
export type Pools = { ids: Record<string, string[]>; strings?: Record<string, string[]> };

/** An id for the field or path parameter `name`: mostly a fixture's, sometimes any. */
export function idFor(name: string, pools: Pools): fc.Arbitrary<string> {
  const named = pools.ids[name];
  const all = Object.values(pools.ids).flat();
  return fc.oneof(
    ...(named ? [{ weight: 4, arbitrary: fc.constantFrom(...named) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...all) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

const clampLength = (max: number | undefined, cap: number) => Math.min(max ?? cap, cap);

function fromJsonSchema(schema: JsonSchema, pools: Pools, name = ''): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fromJsonSchema(s, pools, name)));
  const hinted = pools.strings?.[name];
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return idFor(name, pools);
      if (schema.format === 'email') return fc.emailAddress();
      const text = fc.string({
        unit: 'binary',
        minLength: schema.minLength ?? 0,
        maxLength: clampLength(schema.maxLength, 40),
      });
      return hinted ? fc.oneof(fc.constantFrom(...hinted), text) : text;
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -1e6),
        max: Math.min(schema.maximum ?? 1e6, 1e6),
      });
    case 'number': {
      const min = Math.max(schema.minimum ?? -1e6, -1e6);
      const max = Math.min(schema.maximum ?? 1e6, 1e6);
      // Any double in range (fast-check favours the edges: -0, 5e-324, the bounds), or a plain one.
      return fc.oneof(
        { weight: 1, arbitrary: fc.double({ min, max, noNaN: true }) },
        {
          weight: 4,
          arbitrary: fc.integer({ min: 0, max: 1000 }).map((k) => min + ((max - min) * k) / 1000),
        },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => fromJsonSchema(s, pools)));
      return fc.array(fromJsonSchema(schema.items ?? {}, pools), {
        minLength: schema.minItems ?? 0,
        maxLength: clampLength(schema.maxItems, 4),
      });
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, fromJsonSchema(s, pools, key)]),
      );
      return fc.record(props, { requiredKeys: schema.required ?? [] });
    }
    default:
      // z.unknown(): any JSON at all.
      return fc.jsonValue({ maxDepth: 3 });
  }
}

/** Values of `schema`'s input type (defaults optional), with ids from `pools`. */
export function arbitraryFromZod(schema: z.ZodType, pools: Pools): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json, pools);
}

/** Values no field expects: wrong types, huge and odd strings, deep nesting, prototype keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1e308, -0, '', [], {}, '\u0000', '\ud800', '💥'.repeat(100)),
  fc.constant('x'.repeat(300_000)),
  fc.constant(JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`)),
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}')),
  fc.jsonValue({ maxDepth: 4 }),
);

/** Raw bodies JSON.parse or a decoder may choke on. */
export const hostileRawBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constant(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d])), // {"<invalid UTF-8>":1}
  fc.constant(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), // a BOM before {}
  fc.constant(Buffer.from('{"a":')),
  fc.constant(Buffer.from(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)),
  fc.constant(Buffer.from(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`)),
  fc.constant(Buffer.from(`{"x":"${'y'.repeat(1_000_000)}"}`)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: 'binary', maxLength: 100 }).map((text) => Buffer.from(text)),
);

/** A valid body with one top-level field replaced by a hostile value or dropped. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, hostileValue, fc.nat(), fc.boolean()).map(([body, value, pick, drop]) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return value;
    const keys = Object.keys(body);
    if (keys.length === 0) return { unexpected: value };
    const key = keys[pick % keys.length];
    const copy: Record<string, unknown> = { ...body };
    if (drop) delete copy[key];
    else copy[key] = value;
    return copy;
  });
}

/** Path parameter values, as they appear in the URL (already %-encoded where needed). */
export const hostilePathParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '%ZZ',
    '%',
    '%2e%2e%2f%2e%2e',
    '%00',
    '%F0%9F%92%A5',
    '%C3%28',
    '00000000-0000-0000-0000-00000000000G',
    'a'.repeat(3000),
    "'OR'1'='1",
  ),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}%20`),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
);

export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  undefined,
);

/** What is wrong with a response, or undefined: no 5xx, and every 4xx says what went wrong. */
export function problemOf(status: number, body: Buffer): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return `status ${status} without a JSON body`;
  }
  const error = errorBodySchema.safeParse(parsed);
  if (!error.success || error.data.error.message.trim() === '')
    return `status ${status} without an error message: ${body.toString('utf8').slice(0, 200)}`;
  return undefined;
}
