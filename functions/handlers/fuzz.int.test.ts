/**
 * Route fuzzing: every route of shared/api.ts, through the local API Gateway stand-in (route match,
 * JWT authorizer, payload v2 event, the real handlers on the emulators), called by an anonymous
 * caller, a visitor session, a signed-in parent and an admin with bodies derived from the route's
 * zod schema and with hostile ones (wrong types, huge strings, deep nesting, invalid UTF-8, wrong
 * content types, missing and duplicated headers, bad path parameters, wrong methods). No answer may
 * be a 5xx, and every 4xx carries the error body `{ error: { code, message } }`. Fixed seed, a few
 * runs per route: the same inputs every time, bounded in time.
 */
import http from 'node:http';
import { type RouteDef, type RouteId, routes, SESSION_HEADER } from '@shared/api';
import { MOMENTS_RANGES } from '@shared/rules/placement';
import { templateImportItemSchema } from '@shared/schemas/admin-templates';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Gateway } from '../../scripts/local/gateway/gateway';
import { signSessionToken } from '../core/sessions/session-tokens';
import { newParent } from '../test-support/cognito';
import {
  arbitraryFromZod,
  contentTypes,
  hostilePathParam,
  hostileRawBody,
  hostileValue,
  idFor,
  mutated,
  type Pools,
  problemOf,
} from '../test-support/fuzz';
import * as images from '../test-support/images';
import { givenCutout, givenTemplate } from '../test-support/moments';
import { visitorToken } from '../test-support/sessions';
import { createTestApp } from '../test-support/test-app';
import { bearer } from '../test-support/uploads';

const { callRoute, deps, startGateway, uploadPhoto, purgeRenderQueue, purgePackQueue } = createTestApp();

// Fixed by default; FUZZ_SEED and FUZZ_RUNS explore further (a failure prints the seed to replay).
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const PRINCIPALS = ['anonymous', 'visitor', 'user', 'admin'] as const;
/** Issued 40 days ago: past any visitor token's lifetime. */
const EXPIRED = new Date(Date.now() - 40 * 86_400_000);
type Principal = (typeof PRINCIPALS)[number];

let gateway: Gateway;
const who = {} as Record<Principal, Record<string, string>>;
const pools: Pools = { ids: {} };

/** A placement in the middle of every range: valid for the draft fixture. */
const middle = Object.fromEntries(
  Object.entries(MOMENTS_RANGES).map(([key, { min, max }]) => [key, (min + max) / 2]),
);

beforeAll(async () => {
  const [user, admin] = await Promise.all([newParent(), newParent({ admin: true })]);
  const visitorSession = crypto.randomUUID();
  const userSession = crypto.randomUUID();
  who.anonymous = {};
  who.visitor = { [SESSION_HEADER]: visitorToken(visitorSession) };
  who.user = { [SESSION_HEADER]: visitorToken(userSession), ...bearer(user.idToken) };
  who.admin = bearer(admin.idToken);

  // Records the fuzzed ids can name, so a share of calls reaches real data and its owners' checks.
  const photo = images.samplePhoto(2);
  const template = await givenTemplate(deps);
  const [visitorUpload, userUpload] = await Promise.all([
    uploadPhoto({ sessionId: visitorSession }, photo, { purpose: 'keepsake' }),
    uploadPhoto({ headers: who.user }, photo),
  ]);
  await Promise.all([givenCutout(deps, visitorUpload), givenCutout(deps, userUpload)]);
  const draft = await callRoute('createDraft', {
    headers: who.user,
    body: { templateId: template.id, uploadId: userUpload, placement: middle },
  });
  const pack = await callRoute('createPack', {
    headers: who.admin,
    body: { name: 'Fuzz', category: 'Family' },
  });
  expect([draft.status, pack.status]).toEqual([200, 200]);
  pools.ids = {
    uploadId: [visitorUpload, userUpload],
    templateId: [template.id],
    draftId: [draft.json.draftId],
    packId: [pack.json.pack.packId],
    sessionId: [visitorSession],
  };
  pools.strings = {
    // One real image and one that only claims to be one, for the template import.
    imageUrl: [
      `data:image/jpeg;base64,${(await images.landscapeJpeg(300, 300)).toString('base64')}`,
      `data:image/jpeg;base64,${images.textRenamedJpg().toString('base64')}`,
      'https://127.0.0.1:9/nothing.png',
    ],
  };
  gateway = await startGateway();
}, 120_000);

afterAll(async () => {
  await gateway?.stop();
  // Renders and pack runs the fuzzed calls queued: not for the next test file's workers.
  await purgeRenderQueue();
  await purgePackQueue();
});

type Request = {
  method: string;
  path: string;
  headers: http.OutgoingHttpHeaders;
  body?: Buffer;
};

function send(request: Request): Promise<{ status: number; body: Buffer }> {
  const url = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, 'content-length': request.body?.length ?? 0 },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Percent-encodes every byte of the text's UTF-8 (lone surrogates become U+FFFD). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Bodies the route's schema leaves loose on purpose (the use case validates them): what a client sends. */
const SENT_BODIES: Partial<Record<RouteId, z.ZodType>> = {
  importTemplates: z.object({ templates: z.array(templateImportItemSchema).max(3) }),
};

const json = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null');

function bodyArbitrary(id: RouteId, route: RouteDef): fc.Arbitrary<Buffer | undefined> {
  if (route.rawBody) {
    // A webhook: whatever bytes, under a signature that is not the sender's.
    return fc.oneof(hostileRawBody, fc.jsonValue().map(json));
  }
  if (!route.body) return fc.oneof(fc.constant(undefined), hostileValue.map(json), hostileRawBody);
  const valid = arbitraryFromZod(SENT_BODIES[id] ?? route.body, pools);
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(json) },
    { weight: 2, arbitrary: mutated(valid).map(json) },
    { weight: 1, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: hostileRawBody },
  );
}

/**
 * Methods no route serves on this path (the gateway's 405). A method another route serves there is
 * that route's call, fuzzed in its own turn: here it could delete the principals (DELETE /api/me).
 */
function otherMethods(route: RouteDef): string[] {
  const served = Object.values(routes as Record<string, RouteDef>)
    .filter((r) => r.path === route.path)
    .map((r) => r.method as string);
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => !served.includes(m));
}

/** Mostly callers the route is for (deeper calls), sometimes anyone (the access checks). */
function principalFor(route: RouteDef): fc.Arbitrary<Principal> {
  const meant: Principal[] =
    route.access === 'admin' ? ['admin'] : route.access === 'user' ? ['user', 'admin'] : ['visitor', 'user'];
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...meant) }, fc.constantFrom(...PRINCIPALS));
}

function requestArbitrary(id: RouteId, route: RouteDef): fc.Arbitrary<Request> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const param = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: idFor(name, pools) },
      { weight: 1, arbitrary: hostilePathParam },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(percentEncoded) },
    );
  return fc
    .record({
      principal: principalFor(route),
      params: fc.tuple(...names.map(param)),
      body: bodyArbitrary(id, route),
      contentType: fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, contentTypes),
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(route.method) },
        fc.constantFrom(...otherMethods(route)),
      ),
      session: fc.constantFrom(
        'as is',
        'as is',
        'as is',
        'duplicated',
        'garbage',
        'missing',
        'forged',
        'expired',
        "another visitor's",
      ),
      authorization: fc.oneof(
        { weight: 8, arbitrary: fc.constant('as is') },
        fc.constantFrom('garbage', 'empty'),
      ),
      query: fc.option(fc.string({ maxLength: 30 }).map(percentEncoded), { freq: 4 }),
    })
    .map((r) => {
      let i = 0;
      const path = route.path.replace(/\{\w+\}/g, () => r.params[i++]);
      const headers: http.OutgoingHttpHeaders = { ...who[r.principal] };
      if (r.contentType) headers['content-type'] = r.contentType;
      const held = String(headers[SESSION_HEADER] ?? visitorToken(crypto.randomUUID()));
      if (r.session === 'duplicated') headers[SESSION_HEADER] = [held, visitorToken(crypto.randomUUID())];
      if (r.session === 'garbage') headers[SESSION_HEADER] = 'x'.repeat(500);
      if (r.session === 'missing') delete headers[SESSION_HEADER];
      // The visitor's own session id, signed with a key that is not the deployment's.
      if (r.session === 'forged')
        headers[SESSION_HEADER] = signSessionToken('k'.repeat(40), held.split('.')[0], new Date()).token;
      if (r.session === 'expired') headers[SESSION_HEADER] = visitorToken(held.split('.')[0], EXPIRED);
      if (r.session === "another visitor's") headers[SESSION_HEADER] = visitorToken(crypto.randomUUID());
      if (r.authorization === 'garbage' && headers.authorization) headers.authorization = 'Bearer a.b.c';
      if (r.authorization === 'empty' && headers.authorization) headers.authorization = 'Bearer ';
      if (route.rawBody) headers[route.rawBody.signatureHeader] = 't=1,v1=00,v1=ff';
      return {
        method: r.method,
        path: r.query === null ? path : `${path}?${r.query}`,
        headers,
        body: r.body,
      };
    });
}

/** Routes that delete what other routes' calls reach run last, the principals' accounts last of all. */
const DESTRUCTIVE: RouteId[] = ['deleteUpload', 'deleteDraft', 'deleteAccount'];
const ordered = (Object.keys(routes) as RouteId[]).sort(
  (a, b) => DESTRUCTIVE.indexOf(a) - DESTRUCTIVE.indexOf(b),
);

describe('route fuzzing', () => {
  it('the check fails a 5xx and a 4xx without a message', () => {
    expect(problemOf(500, Buffer.from('{}'))).toBeDefined();
    expect(problemOf(503, json({ error: { code: 'x', message: 'Try again' } }))).toBeDefined();
    expect(problemOf(400, Buffer.from('Bad Request'))).toBeDefined();
    expect(problemOf(404, json({ error: { code: 'not_found', message: '' } }))).toBeDefined();
    expect(problemOf(404, json({ error: { code: 'not_found', message: 'No such photo' } }))).toBeUndefined();
  });

  it.each(ordered)('%s answers every input without a 5xx, and every 4xx with a message', async (id) => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(id, routes[id]), async (request) => {
        const response = await send(request);
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        const problem = problemOf(response.status, response.body);
        if (problem) {
          const body = request.body?.subarray(0, 300).toString('utf8');
          throw new Error(`${request.method} ${request.path.slice(0, 200)} ${body}: ${problem}`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(RUNS);
  });
});
