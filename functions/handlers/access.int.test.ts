/**
 * Who may call what, for EVERY route of shared/api.ts: anonymous, another session, the owning
 * session, another user, the owning user and an admin (a user in the `admins` group), with real
 * local-Cognito tokens. Routes behind the JWT authorizer get the claims API Gateway would pass;
 * the others get the Authorization header their handler verifies itself. Each call gets fresh
 * fixtures, and every 200 is checked for what it must not reveal or change. A route added to the
 * table without an expectation here fails this test (and the type check), and so does a status the
 * route's OpenAPI operation (shared/openapi.ts) does not list.
 */

import { needsJwtAuthorizer, type RouteId, routes } from '@shared/api';
import { openApiDocument } from '@shared/openapi';
import { INITIAL_COMPOSER_TRANSFORM } from '@shared/rules/composer-transform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackRecord } from '../core/admin/packs-ports';
import type { TemplateRecord } from '../core/moments/moments-ports';
import type { Parent } from '../test-support/cognito';
import { claimsOf, newParent } from '../test-support/cognito';
import * as images from '../test-support/images';
import { givenCutout, givenTemplate } from '../test-support/moments';
import { createTestApp, roomyQuotas } from '../test-support/test-app';
import { bearer } from '../test-support/uploads';

// One owner calls every route here, far more often than a family would in an hour.
const { callRoute, deps, env, purgeRenderQueue, purgePackQueue, uploadPhoto } = createTestApp(roomyQuotas);

type Caller = 'anonymous' | 'otherSession' | 'owningSession' | 'otherUser' | 'owningUser' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'otherSession', 'owningSession', 'otherUser', 'owningUser', 'admin'];
type Who = { sessionId?: string; user?: Parent };

/** Whose upload a call with {uploadId} names: the owning session's, the owning user's, or none. */
type Target = 'sessionUpload' | 'userUpload' | 'missing';
type Call = {
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  rawBody?: string;
};
type Context = {
  caller: Caller;
  who: Who;
  target?: Target;
  uploadId?: string;
  draftId?: string;
  /** A template this call made for itself (the editor's save, the seeder's import). */
  templateId?: string;
  sceneName?: string;
};
type Result = Awaited<ReturnType<typeof callRoute>>;

type Case = {
  /** Status per caller on an existing resource. */
  status: Record<Caller, number>;
  /** Status per caller when the path names an upload that does not exist. */
  missing?: Record<Caller, number>;
  /** Extra arguments, made fresh for each call. */
  prepare?: (ctx: Context) => Promise<Call>;
  /** What a call must not have revealed or changed, given its status. */
  verify?: (result: Result, ctx: Context) => Promise<void>;
};

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  otherSession: status,
  owningSession: status,
  otherUser: status,
  owningUser: status,
  admin: status,
});
const ownerOnly = { ...everyone(403), anonymous: 401, owningSession: 200, owningUser: 200 };
const ownerMissing = { ...everyone(404), anonymous: 401 };
const signedIn = { ...everyone(200), anonymous: 401, otherSession: 401, owningSession: 401 };
const adminOnly = { ...everyone(403), anonymous: 401, otherSession: 401, owningSession: 401, admin: 200 };
const signedInOnly = (status: number) => ({
  ...everyone(status),
  anonymous: 401,
  otherSession: 401,
  owningSession: 401,
});
/** Checkout builds its return URLs from the page's origin, as the browser sends it. */
const SITE = { origin: 'http://localhost:3000' };

let photo: Buffer;
let template: TemplateRecord;
const documented = openApiDocument();
const world = {} as Record<Caller, Who>;
const isUser = (caller: Caller) => ['otherUser', 'owningUser', 'admin'].includes(caller);
const owns = (ctx: Context) =>
  (ctx.caller === 'owningSession' && ctx.target === 'sessionUpload') ||
  (ctx.caller === 'owningUser' && ctx.target === 'userUpload');
const stored = async (uploadId: string) => (await deps.uploads.getUploadWithJobs(uploadId))?.upload;

/** A fresh upload with its file stored (not completed) of the owning session or the owning user. */
async function fixture(target: Target, opts: { complete?: boolean } = {}): Promise<string> {
  if (target === 'missing') return crypto.randomUUID();
  const owner = target === 'sessionUpload' ? { sessionId: world.owningSession.sessionId } : ownerUser();
  return uploadPhoto(owner, photo, { complete: opts.complete ?? false });
}
/** A finished photo of the admin (age tests run on the operator's own uploads). */
const adminUpload = () =>
  uploadPhoto({ sessionId: world.admin.sessionId, headers: bearer(world.admin.user!.idToken) }, photo, {
    complete: true,
    purpose: 'keepsake',
  });
const ownerUser = () => ({
  sessionId: world.owningUser.sessionId,
  headers: bearer(world.owningUser.user!.idToken),
});

const cases: Record<RouteId, Case> = {
  health: { status: everyone(200) },
  getClientConfig: {
    status: everyone(200),
    verify: async (result) => expect(result.json.userPoolId).toBe(env.USER_POOL_ID),
  },
  getOpenApi: {
    status: everyone(200),
    verify: async (result) => expect(result.json.paths['/api/uploads/{uploadId}']).toBeDefined(),
  },
  startSession: {
    status: everyone(200),
    prepare: async () => ({ body: {} }),
    verify: async (result) => expect(result.json.token).toMatch(/^[0-9a-f-]{36}\.[0-9a-z]+\.[\w-]{43}$/),
  },
  createUpload: {
    status: { ...everyone(200), anonymous: 401 },
    prepare: async () => ({ body: { contentType: 'image/jpeg', size: 1000 } }),
    verify: async (result, { who }) => {
      if (result.status !== 200) return;
      const upload = await stored(result.json.uploadId);
      expect(upload?.owner).toBe(who.user ? `user:${who.user.sub}` : `session:${who.sessionId}`);
    },
  },
  completeUpload: {
    status: ownerOnly,
    missing: ownerMissing,
    verify: async (result, ctx) => {
      if (ctx.target === 'missing') return;
      expect((await stored(ctx.uploadId!))?.status).toBe(result.status === 200 ? 'ready' : 'awaiting_file');
    },
  },
  getUpload: {
    status: everyone(200),
    missing: everyone(404),
    verify: async (result, ctx) => {
      if (result.status !== 200) return;
      // Public previews for anyone with the link; owner-only fields for the owner only.
      expect(result.json.viewerIsOwner).toBe(owns(ctx));
      expect(result.json.hasEmail).toBe(owns(ctx) ? false : null);
    },
  },
  saveUploadEmail: {
    status: ownerOnly,
    missing: ownerMissing,
    prepare: async () => ({ body: { email: 'parent@example.com' } }),
    verify: async (result, ctx) => {
      if (ctx.target === 'missing') return;
      expect((await stored(ctx.uploadId!))?.email).toBe(
        result.status === 200 ? 'parent@example.com' : undefined,
      );
    },
  },
  retryRender: {
    status: ownerOnly,
    missing: ownerMissing,
    prepare: async (ctx) => {
      if (ctx.target !== 'missing') {
        // A finished photo whose age 10 failed: what a "Try again" button is shown on.
        ctx.uploadId = await fixture(ctx.target!, { complete: true });
        await deps.uploads.failJob(ctx.uploadId, 10, 'failed for the test');
      }
      return { params: { age: '10' } };
    },
    verify: async (result, ctx) => {
      if (ctx.target === 'missing') return;
      const job = (await deps.uploads.getUploadWithJobs(ctx.uploadId!))?.jobs.find((j) => j.age === 10);
      expect([job?.status, job?.retries]).toEqual(
        result.status === 200 ? ['processing', 1] : ['failed', undefined],
      );
    },
  },
  deleteUpload: {
    status: ownerOnly,
    missing: ownerMissing,
    verify: async (result, ctx) => {
      if (ctx.target === 'missing') return;
      expect(Boolean(await stored(ctx.uploadId!))).toBe(result.status !== 200);
    },
  },
  getMe: {
    status: signedIn,
    verify: async (result, { who }) => {
      if (result.status !== 200) return;
      expect(result.json).toEqual({
        sub: who.user!.sub,
        email: who.user!.email,
        isAdmin: who === world.admin,
      });
    },
  },
  migrateUploads: {
    status: signedIn,
    // The owning session has a finished photo; each caller proves only its own session (its token).
    prepare: async (ctx) => {
      ctx.uploadId = await fixture('sessionUpload', { complete: true });
      return { body: {} };
    },
    verify: async (result, ctx) => {
      const owner = (await stored(ctx.uploadId!))?.owner;
      if (ctx.caller === 'owningUser') {
        expect(result.json.migrated).toContainEqual({ upload_id: ctx.uploadId });
        expect(owner).toBe(`user:${world.owningUser.user!.sub}`);
      } else {
        if (result.status === 200) expect(result.json).toEqual({ migrated: [] });
        expect(owner).toBe(`session:${world.owningSession.sessionId}`);
      }
    },
  },
  listMyUploads: {
    status: signedIn,
    prepare: async (ctx) => {
      ctx.uploadId = await fixture('userUpload', { complete: true });
      return {};
    },
    verify: async (result, ctx) => {
      if (result.status !== 200) return;
      const ids = result.json.uploads.map((u: { uploadId: string }) => u.uploadId);
      expect(ids.includes(ctx.uploadId)).toBe(ctx.caller === 'owningUser');
      for (const id of ids) expect((await stored(id))?.owner).toBe(`user:${ctx.who.user!.sub}`);
    },
  },
  deleteAccount: {
    status: signedIn,
    // Each signed-in caller deletes a throwaway account of its kind; the owning user's photo must
    // survive every other caller.
    prepare: async (ctx) => {
      ctx.uploadId = await fixture('userUpload');
      if (ctx.who.user) {
        const user = await newParent({ admin: ctx.caller === 'admin' });
        ctx.who = { sessionId: crypto.randomUUID(), user };
        if (ctx.caller === 'owningUser') {
          ctx.uploadId = await uploadPhoto({ headers: bearer(user.idToken) }, photo, { complete: false });
        }
      }
      return {};
    },
    verify: async (result, ctx) => {
      expect(Boolean(await stored(ctx.uploadId!))).toBe(
        !(ctx.caller === 'owningUser' && result.status === 200),
      );
    },
  },
  getCredits: {
    status: signedIn,
    verify: async (result) => {
      if (result.status === 200) expect(result.json).toEqual({ balance: 0, subscription: null, ledger: [] });
    },
  },
  downloadHd: {
    // HD needs a signed-in owner; these fixtures have nothing unlocked, so the owner hears that.
    status: { ...signedInOnly(403), owningUser: 404 },
    missing: signedInOnly(404),
    prepare: async () => ({ body: { disposition: 'attachment' } }),
    verify: async (result, ctx) => {
      if (ctx.caller === 'owningUser' && ctx.target === 'userUpload') {
        expect(result.json.error.message).toBe('No HD images available to download');
      }
    },
  },
  getHdPreviews: {
    // The same rule as HD downloads: a signed-in owner, and nothing unlocked in these fixtures.
    status: { ...signedInOnly(403), owningUser: 404 },
    missing: signedInOnly(404),
    verify: async (result, ctx) => {
      if (ctx.caller === 'owningUser' && ctx.target === 'userUpload') {
        expect(result.json.error.message).toBe('No HD images available to download');
      }
    },
  },
  createCheckout: {
    status: signedIn,
    prepare: async () => ({ body: { productId: 'credits_10' }, headers: SITE }),
    verify: async (result, { who }) => {
      if (result.status !== 200) return;
      const order = await deps.paymentStore.getOrder(result.json.sessionId);
      expect(order).toMatchObject({ userSub: who.user!.sub, productId: 'credits_10', status: 'pending' });
    },
  },
  confirmCheckout: {
    // The owning user's checkout: only they may ask about it; anyone else learns nothing.
    status: { ...signedInOnly(404), owningUser: 200 },
    prepare: async () => {
      const started = await callAs('createCheckout', world.owningUser, {
        body: { productId: 'credits_1' },
        headers: SITE,
      });
      return { body: { sessionId: started.json.sessionId } };
    },
    verify: async (result, ctx) => {
      if (result.status === 200)
        expect(result.json).toMatchObject({ status: 'pending', productId: 'credits_1' });
      if (ctx.caller !== 'owningUser') expect(result.json.productId).toBeUndefined();
    },
  },
  cancelSubscription: {
    status: signedInOnly(409),
  },
  stripeWebhook: {
    // Public, so Stripe can call it; without a valid signature it changes nothing for anyone.
    status: everyone(400),
    prepare: async () => ({
      rawBody: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed' }),
    }),
    verify: async (result) => {
      expect(result.json.error.message).toBe('The webhook signature is not valid.');
      expect(await deps.paymentStore.hasProcessedEvent('evt_forged')).toBe(false);
    },
  },
  aiWebhook: {
    // Public, so the AI provider can call it; with no hosted provider configured it expects nothing.
    status: everyone(404),
    prepare: async () => ({ rawBody: JSON.stringify({ id: 'forged', status: 'succeeded' }) }),
    verify: async (result) => {
      expect(result.json.error.message).toBe(
        'No hosted AI provider is configured, so this webhook is not expected.',
      );
    },
  },
  listTemplates: {
    status: everyone(200),
    verify: async (result) => {
      const ids = result.json.templates.map((t: { templateId: string }) => t.templateId);
      expect(ids).toContain(template.id);
    },
  },
  listComposerTemplates: {
    status: everyone(200),
    verify: async (result) => {
      const ids = result.json.templates.map((t: { templateId: string }) => t.templateId);
      expect(ids).toContain(template.id);
    },
  },
  getTemplate: {
    status: everyone(200),
    prepare: async () => ({ params: { templateId: template.id } }),
  },
  createCutout: {
    // The fixtures' photos are not completed yet: the owner hears that; to anyone else it is not found.
    status: { ...ownerMissing, owningSession: 409, owningUser: 409 },
    missing: ownerMissing,
    verify: async (_result, ctx) => {
      if (ctx.target !== 'missing') expect((await stored(ctx.uploadId!))?.cutout).toBeUndefined();
    },
  },
  createComposition: {
    // The owning session's photo: its session (also held by the owning user) may compose with it.
    status: { ...everyone(404), anonymous: 401, owningSession: 200, owningUser: 200 },
    prepare: async () => ({ body: compositionBody(await sessionPhotoWithCutout()) }),
    verify: async (result) => {
      if (result.status === 200) expect(result.json).toMatchObject({ quality: 'free', width: 800 });
    },
  },
  createHdComposition: {
    // Signed in only; the owning user has no credits yet (402 and nothing charged or written).
    status: { ...signedInOnly(404), owningUser: 402 },
    prepare: async () => ({ body: compositionBody(await sessionPhotoWithCutout()) }),
    verify: async (_result, { who }) => {
      if (who.user) expect((await deps.paymentStore.getCredits(who.user.sub)).balance).toBe(0);
    },
  },
  createComposerHdComposition: {
    // As Moments HD: signed in only, another family's photo not found, no credits: 402 and nothing charged.
    status: { ...signedInOnly(404), owningUser: 402 },
    prepare: async () => ({
      body: {
        requestId: crypto.randomUUID(),
        templateId: template.id,
        uploadId: await sessionPhotoWithCutout(),
        transform: INITIAL_COMPOSER_TRANSFORM,
      },
    }),
    verify: async (_result, { who }) => {
      if (who.user) expect((await deps.paymentStore.getCredits(who.user.sub)).balance).toBe(0);
    },
  },
  listDrafts: {
    status: signedIn,
    prepare: async () => {
      await ownersDraft();
      return {};
    },
    verify: async (result, ctx) => {
      if (result.status !== 200) return;
      expect(result.json.drafts.length > 0).toBe(ctx.caller === 'owningUser');
    },
  },
  createDraft: {
    status: { ...signedInOnly(404), owningUser: 200 },
    prepare: async () => ({ body: draftBody(await sessionPhotoWithCutout()) }),
    verify: async (result, { who }) => {
      if (result.status === 200) expect(result.json.name).toBe(template.sceneName);
      if (who.user && result.status !== 200) expect(await deps.drafts.listDrafts(who.user.sub)).toEqual([]);
    },
  },
  getDraft: draftCase(),
  saveDraft: draftCase(async () => ({ body: draftBody(await sessionPhotoWithCutout()) })),
  renameDraft: draftCase(async () => ({ body: { name: 'Renamed by caller' } })),
  duplicateDraft: draftCase(),
  deleteDraft: draftCase(),
  getAdminSession: {
    status: adminOnly,
    verify: async (result, { who }) => {
      if (result.status === 200) expect(result.json.email).toBe(who.user!.email);
    },
  },
  getGoLiveConfig: {
    status: adminOnly,
    verify: async (result) => {
      if (result.status === 200)
        expect(result.json.items.map((i: { id: string }) => i.id)).toContain('payments');
    },
  },
  listAdminTemplates: {
    status: adminOnly,
    verify: async (result) => {
      if (result.status === 200)
        expect(result.json.templates.map((t: { templateId: string }) => t.templateId)).toContain(template.id);
    },
  },
  // A template of its own per call, so a save never changes the one other routes use.
  updateTemplate: {
    status: adminOnly,
    prepare: async (ctx) => {
      ctx.templateId = (await givenTemplate(deps, { status: 'active' })).id;
      return { params: { templateId: ctx.templateId }, body: editorSave };
    },
    verify: async (result, ctx) => {
      const saved = await deps.templates.getTemplate(ctx.templateId!);
      expect(saved?.status).toBe(result.status === 200 ? 'approved' : 'active');
      expect(saved?.sceneName).toBe(result.status === 200 ? editorSave.sceneName : 'Test Meadow');
    },
  },
  importTemplates: {
    status: adminOnly,
    prepare: async (ctx) => {
      ctx.sceneName = `Imported by ${ctx.caller} ${crypto.randomUUID()}`;
      const png = await images.onePixelPng();
      const imageUrl = `data:image/png;base64,${png.toString('base64')}`;
      const safeArea = { xPct: 0.2, yPct: 0.2, wPct: 0.5, hPct: 0.5, anchor: 'center' };
      const item = { name: ctx.sceneName, category: 'Family', orientation: '1:1', imageUrl, safeArea };
      return { body: { templates: [item] } };
    },
    verify: async (result, ctx) => {
      const names = (await deps.templates.listAll()).map((t) => t.sceneName);
      expect(names.filter((name) => name === ctx.sceneName)).toHaveLength(result.status === 200 ? 1 : 0);
    },
  },
  // The pool has an admin already (this file's): nobody else may become one; the admin is told so.
  grantFirstAdmin: {
    status: { ...signedInOnly(403), admin: 409 },
    verify: async (result, { who }) => {
      const admins = await deps.identity.listAdmins();
      if (who.user && result.status === 403) {
        expect(admins.filter((name) => name === who.user!.email || name === who.user!.sub)).toEqual([]);
      }
    },
  },
  listPacks: {
    status: adminOnly,
    verify: async (result) => {
      if (result.status === 200) expect(result.json.packs).toEqual(expect.any(Array));
    },
  },
  createPack: {
    status: adminOnly,
    prepare: async () => ({ body: { name: `Access ${crypto.randomUUID()}`, category: 'Fantasy' } }),
    verify: async (result) => {
      if (result.status === 200) expect(result.json.pack.status).toBe('draft');
    },
  },
  getAiProviders: {
    status: adminOnly,
    verify: async (result) => {
      if (result.status === 200) expect(result.json.capabilities.ageProgress.provider).toBe('offline');
    },
  },
  // The operator's own photo: a test job is added to it only for the admin.
  startAgeTest: {
    status: adminOnly,
    prepare: async (ctx) => {
      ctx.uploadId = await adminUpload();
      return { body: { uploadId: ctx.uploadId, targetAge: 19 } };
    },
    verify: async (result, ctx) => {
      const jobs = (await deps.uploads.getUploadWithJobs(ctx.uploadId!))?.jobs ?? [];
      expect(jobs.map((job) => job.age)).toEqual(result.status === 200 ? [19] : []);
    },
  },
  // This app names no demo image: the admin is told to set one; nobody else gets that far.
  startDemoAgeTest: {
    status: { ...adminOnly, admin: 409 },
    prepare: async () => ({ body: { targetAge: 16 } }),
  },
  getAgeTest: {
    status: adminOnly,
    prepare: async () => ({ params: { testId: await adminUpload() } }),
    verify: async (result) => {
      if (result.status === 200) expect(result.json.jobs).toEqual([]);
    },
  },
  createAiRun: {
    status: adminOnly,
    prepare: async () => ({ body: { kind: 'scene', prompt: `Access ${crypto.randomUUID()}` } }),
    verify: async (result) => {
      if (result.status === 200) expect(result.json).toMatchObject({ status: 'queued', provider: 'offline' });
    },
  },
  getAiRun: {
    status: adminOnly,
    prepare: async () => {
      const runId = crypto.randomUUID();
      await deps.aiRuns.create({
        id: runId,
        input: { kind: 'scene', prompt: 'a castle' },
        status: 'queued',
        provider: 'offline',
        model: 'scenes',
        createdBy: world.admin.user!.sub,
        createdAt: new Date().toISOString(),
      });
      return { params: { runId } };
    },
    verify: async (result) => {
      if (result.status === 200) expect(result.json.kind).toBe('scene');
    },
  },
  updatePackStatus: packCase({ status: 'active' }, (pack) => expect(pack?.status).toBe('draft')),
  generatePack: packCase(undefined, (pack) => expect(pack?.generation).toBeUndefined()),
};

/** A fresh draft pack for the call; `unchanged` checks it after a refused call. */
function packCase(body: unknown, unchanged: (pack: PackRecord | null) => void): Case {
  let packId = '';
  return {
    status: adminOnly,
    prepare: async () => {
      packId = crypto.randomUUID();
      await deps.packs.createPack({
        id: packId,
        name: 'Access pack',
        description: '',
        category: 'Fantasy',
        generationFrequency: 'weekly',
        scheduledGeneration: false,
        status: 'draft',
        createdAt: new Date().toISOString(),
        templateCount: 0,
      });
      return { params: { packId }, body };
    },
    verify: async (result) => {
      if (result.status !== 200) unchanged(await deps.packs.getPack(packId));
    },
  };
}

/** A draft of the owning user: only they may read or change it; it stays as it was for anyone else. */
function draftCase(extra?: () => Promise<Call>): Case {
  return {
    status: { ...signedInOnly(404), owningUser: 200 },
    prepare: async (ctx) => {
      ctx.draftId = await ownersDraft();
      return { ...(await extra?.()), params: { draftId: ctx.draftId } };
    },
    verify: async (_result, ctx) => {
      if (ctx.caller === 'owningUser') return;
      const draft = await deps.drafts.getDraft(world.owningUser.user!.sub, ctx.draftId!);
      expect(draft?.name).toBe(template.sceneName);
    },
  };
}

async function sessionPhotoWithCutout(): Promise<string> {
  const uploadId = await uploadPhoto({ sessionId: world.owningSession.sessionId }, photo, {
    complete: true,
    purpose: 'keepsake',
  });
  await givenCutout(deps, uploadId);
  return uploadId;
}

const placement = { x: 0.5, y: 0.5, scale: 0.3, rotation: 0 };
const compositionBody = (uploadId: string) => ({
  requestId: crypto.randomUUID(),
  templateId: template.id,
  uploadId,
  placement,
});
const editorSave = {
  sceneName: 'Reviewed Meadow',
  category: 'Family',
  orientation: '1:1',
  safeArea: { x: 0.1, y: 0.2, width: 0.6, height: 0.7, anchor: 'bottom' },
  nativeWidth: 2048,
  nativeHeight: 2048,
  displayOrder: 3,
} as const;
const draftBody = (uploadId: string) => ({ templateId: template.id, uploadId, placement });

async function ownersDraft(): Promise<string> {
  const uploadId = await sessionPhotoWithCutout();
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  await deps.drafts.createDraft({
    id,
    userSub: world.owningUser.user!.sub,
    name: template.sceneName,
    templateId: template.id,
    templateName: template.sceneName,
    theme: template.theme,
    uploadId,
    placement,
    strokes: [],
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** The call as the caller makes it: the authorizer's claims, or the Authorization header. */
async function callAs(id: RouteId, who: Who, call: Call) {
  const options = { sessionId: who.sessionId, ...call };
  if (!who.user) return callRoute(id, options);
  if (needsJwtAuthorizer(routes[id]))
    return callRoute(id, { ...options, claims: await claimsOf(who.user.idToken) });
  return callRoute(id, { ...options, headers: bearer(who.user.idToken) });
}

function targetsOf(caller: Caller): Target[] {
  if (caller === 'owningSession') return ['sessionUpload', 'missing'];
  if (caller === 'owningUser') return ['userUpload', 'missing'];
  return ['sessionUpload', 'userUpload', 'missing'];
}

beforeAll(async () => {
  photo = await images.landscapeJpeg(400, 300);
  template = await givenTemplate(deps);
  const [otherUser, owningUser, admin] = await Promise.all([
    newParent(),
    newParent(),
    newParent({ admin: true }),
  ]);
  const owningSession = crypto.randomUUID();
  Object.assign(world, {
    anonymous: {},
    otherSession: { sessionId: crypto.randomUUID() },
    owningSession: { sessionId: owningSession },
    otherUser: { sessionId: crypto.randomUUID(), user: otherUser },
    // The parent who made the session's photos, now signed in, still holds that session.
    owningUser: { sessionId: owningSession, user: owningUser },
    admin: { sessionId: crypto.randomUUID(), user: admin },
  });
});

afterAll(async () => {
  // Completed fixtures queued renders nobody needs; the admin's Generate queued pack runs.
  await purgeRenderQueue();
  await purgePackQueue();
});

describe('route access, by caller', () => {
  it('has an expectation for every route of shared/api.ts', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(routes).sort());
  });

  for (const [id, route] of Object.entries(routes) as [RouteId, (typeof routes)[RouteId]][]) {
    describe(`${route.method} ${route.path} (${route.access})`, () => {
      it.each(CALLERS)('as %s', async (caller) => {
        const expected = cases[id];
        expect(expected, `no expectation for route ${id}`).toBeDefined();
        const hasUpload = route.path.includes('{uploadId}');
        for (const target of hasUpload ? targetsOf(caller) : [undefined]) {
          const ctx: Context = { caller, who: world[caller], target };
          if (target) ctx.uploadId = await fixture(target);
          const call = { ...(await expected.prepare?.(ctx)) };
          if (target) call.params = { ...call.params, uploadId: ctx.uploadId! };
          const result = await callAs(id, ctx.who, call);
          const want = target === 'missing' ? expected.missing![caller] : expected.status[caller];
          expect(
            result.status,
            `${id} as ${caller} on ${target ?? 'no upload'}: ${JSON.stringify(result.json)}`,
          ).toBe(want);
          if (result.status >= 400) expect(result.json.error.message).toEqual(expect.any(String));
          expect(
            Object.keys(documented.paths[route.path][route.method.toLowerCase()].responses),
            `${id} answered ${result.status}: list it in its errors in shared/api.ts`,
          ).toContain(String(result.status));
          await expected.verify?.(result, ctx);
        }
        if (isUser(caller)) expect(world[caller].user).toBeDefined();
      });
    });
  }
});
