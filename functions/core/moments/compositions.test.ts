import { storageKeys, TEMPLATE_SQUARES, type TemplateSquare } from '@shared/deployment';
import { DEFAULT_MOMENTS_BLEND } from '@shared/rules/placement';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, uploadedPhoto, visitor } from '../../test-support/fakes/scenes';
import { givenCutout, givenTemplate } from '../../test-support/moments';
import type { Principal } from '../ports';
import { deleteUpload } from '../uploads/delete-upload';
import { compositionIdFor, createFreeKeepsake, createHdKeepsake } from './compositions';

const placement = { x: 0.5, y: 0.55, scale: 0.4, rotation: -10 };

async function setup(principal: Principal, { cutout = true, credits = 0 } = {}) {
  const deps = fakeDeps();
  const template = await givenTemplate(deps);
  const uploadId = await uploadedPhoto(deps, principal, { render: false });
  if (cutout) await givenCutout(deps, uploadId);
  if (credits && principal.kind === 'user') {
    deps.table.credits.set(principal.sub, { balance: credits, subscription: null });
  }
  const request = (requestId: string = crypto.randomUUID()) => ({
    requestId,
    templateId: template.id,
    uploadId,
    placement,
    strokes: [],
    blend: DEFAULT_MOMENTS_BLEND,
  });
  return { deps, template, uploadId, request };
}

describe('free keepsakes', () => {
  it('draws 800×800 from the watermarked template, watermarked, and stores it with the visitor expiry tag', async () => {
    const who = visitor();
    const { deps, template, request } = await setup(who);
    const view = await createFreeKeepsake(deps, who, request());
    expect(view).toMatchObject({ quality: 'free', width: 800, height: 800, paidWith: 'none', balance: null });
    const [drawing] = deps.keepsakes.drawings;
    expect(drawing).toMatchObject({ size: 800, watermark: true, placement });
    // The watermarked template's 800² square copy.
    expect(TEMPLATE_SQUARES.free).toEqual({ from: 'wm', size: 800 });
    const wm = await deps.blobs.get(
      'renders',
      storageKeys.templateSquare(template.id, TEMPLATE_SQUARES.free),
    );
    expect((await drawing.background.load()).equals(wm)).toBe(true);
    const key = storageKeys.composition(view.compositionId, 'free');
    expect(deps.blobs.object('renders', key)?.anonymous).toBe(true);
  });

  it('draws a retried request once and answers it with fresh links', async () => {
    const who = visitor();
    const { deps, request } = await setup(who);
    const once = request();
    const first = await createFreeKeepsake(deps, who, once);
    const again = await createFreeKeepsake(deps, who, once);
    expect(again.compositionId).toBe(first.compositionId);
    expect(deps.keepsakes.drawings).toHaveLength(1);
  });

  it('refuses before the cut-out is made', async () => {
    const who = visitor();
    const { deps, request } = await setup(who, { cutout: false });
    await expect(createFreeKeepsake(deps, who, request())).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Please upload and extract a child image first',
    });
  });

  it("treats another family's photo as not found", async () => {
    const { deps, request } = await setup(visitor());
    await expect(createFreeKeepsake(deps, visitor(), request())).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(deps.keepsakes.drawings).toHaveLength(0);
  });

  it('refuses an unknown or unpublished template', async () => {
    const who = visitor();
    const { deps, request } = await setup(who);
    const draft = await givenTemplate(deps, { status: 'draft' });
    for (const templateId of [crypto.randomUUID(), draft.id]) {
      await expect(createFreeKeepsake(deps, who, { ...request(), templateId })).rejects.toMatchObject({
        kind: 'not_found',
        message: 'Template not found',
      });
    }
  });
});

describe('HD keepsakes', () => {
  it('answers 402 with no credits, charging and storing nothing', async () => {
    const who = parent();
    const { deps, request } = await setup(who);
    await expect(createHdKeepsake(deps, who, request())).rejects.toMatchObject({
      kind: 'payment_required',
      message: 'You do not have enough credits. Buy a pack to continue.',
    });
    expect(deps.keepsakes.drawings).toHaveLength(0);
    expect(deps.table.compositions.size).toBe(0);
  });

  it('takes exactly 1 credit, from the clean template at 2000×2000, with a ledger entry', async () => {
    const who = parent();
    const { deps, template, request } = await setup(who, { credits: 3 });
    const view = await createHdKeepsake(deps, who, request());
    expect(view).toMatchObject({ quality: 'hd', width: 2000, paidWith: 'credits', balance: 2 });
    const [drawing] = deps.keepsakes.drawings;
    expect(drawing).toMatchObject({ size: 2000, watermark: false });
    // The clean template's 2000² square copy.
    expect(TEMPLATE_SQUARES.hd).toEqual({ from: 'native', size: 2000 });
    const native = await deps.blobs.get(
      'renders',
      storageKeys.templateSquare(template.id, TEMPLATE_SQUARES.hd),
    );
    expect((await drawing.background.load()).equals(native)).toBe(true);
    expect(deps.table.ledger.get(who.sub)?.at(-1)).toMatchObject({
      delta: -1,
      reason: 'hd_keepsake',
      balanceAfter: 2,
    });
  });

  it('charges a retried or double-clicked request once', async () => {
    const who = parent();
    const { deps, request } = await setup(who, { credits: 3 });
    const again = request();
    const [first, second] = await Promise.all([
      createHdKeepsake(deps, who, again),
      createHdKeepsake(deps, who, again),
    ]);
    const retry = await createHdKeepsake(deps, who, again);
    expect(new Set([first.compositionId, second.compositionId, retry.compositionId]).size).toBe(1);
    expect(first.compositionId).toBe(compositionIdFor(`user:${who.sub}`, again.requestId));
    expect(deps.table.credits.get(who.sub)?.balance).toBe(2);
    expect(retry.paidWith).toBe('none');
  });

  it('is free with a live subscription', async () => {
    const who = parent();
    const { deps, request } = await setup(who, { credits: 1 });
    const end = Math.floor(deps.clock.now().getTime() / 1000) + 86_400;
    deps.table.credits.set(who.sub, {
      balance: 1,
      subscription: {
        id: 'sub_1',
        status: 'active',
        currentPeriodEnd: end,
        cancelAtPeriodEnd: false,
        eventCreated: 1,
      },
    });
    const view = await createHdKeepsake(deps, who, request());
    expect(view.paidWith).toBe('subscription');
    expect(deps.table.credits.get(who.sub)?.balance).toBe(1);
  });
});

describe('copies made for speed', () => {
  it('draws free keepsakes from the 800² watermarked copy and HD ones from the 2000² clean copy', async () => {
    const who = parent();
    const { deps, request } = await setup(who, { credits: 1 });
    const template = await givenTemplate(deps);
    await createFreeKeepsake(deps, who, { ...request(), templateId: template.id });
    await createHdKeepsake(deps, who, { ...request(), templateId: template.id });
    const [free, hd] = deps.keepsakes.drawings;
    const copy = (square: TemplateSquare) =>
      deps.blobs.get('renders', storageKeys.templateSquare(template.id, square));
    expect((await free.background.load()).equals(await copy(TEMPLATE_SQUARES.free))).toBe(true);
    expect((await hd.background.load()).equals(await copy(TEMPLATE_SQUARES.hd))).toBe(true);
  });

  it("draws free keepsakes from the cut-out's copy, HD ones from the cut-out", async () => {
    const who = parent();
    const deps = fakeDeps();
    const template = await givenTemplate(deps);
    const uploadId = await uploadedPhoto(deps, who, { render: false });
    await givenCutout(deps, uploadId);
    deps.table.credits.set(who.sub, { balance: 1, subscription: null });
    const request = () => ({
      requestId: crypto.randomUUID(),
      templateId: template.id,
      uploadId,
      placement,
      strokes: [],
      blend: DEFAULT_MOMENTS_BLEND,
    });
    await createFreeKeepsake(deps, who, request());
    await createHdKeepsake(deps, who, request());
    const [free, hd] = deps.keepsakes.drawings;
    const stored = (key: (owner: `user:${string}`, id: string) => string) =>
      deps.blobs.get('uploads', key(`user:${who.sub}`, uploadId));
    expect((await free.cutout.load()).equals(await stored(storageKeys.cutoutCopy))).toBe(true);
    expect((await hd.cutout.load()).equals(await stored(storageKeys.cutout))).toBe(true);
  });
});

describe('keepsakes and their photo', () => {
  it('records each keepsake under its photo, then takes the pending tag off (a visitor keeps theirs expiring)', async () => {
    const who = parent();
    const { deps, uploadId, request } = await setup(who, { credits: 1 });
    const free = await createFreeKeepsake(deps, who, request());
    const hd = await createHdKeepsake(deps, who, request());
    const links = await deps.compositions.listByUpload(uploadId);
    expect(links.map((link) => [link.id, link.quality]).sort()).toEqual(
      [
        [free.compositionId, 'free'],
        [hd.compositionId, 'hd'],
      ].sort(),
    );
    for (const link of links)
      expect(deps.blobs.object('renders', link.key)).toMatchObject({ pending: false });

    const guest = visitor();
    const visit = await setup(guest);
    const view = await createFreeKeepsake(visit.deps, guest, visit.request());
    const key = storageKeys.composition(view.compositionId, 'free');
    expect(visit.deps.blobs.object('renders', key)).toMatchObject({ pending: false, anonymous: true });
  });

  it.each(['free', 'hd'] as const)(
    'answers not found and keeps no %s keepsake of a photo deleted while it was drawn, charging nothing',
    async (quality) => {
      const who = parent();
      const { deps, uploadId, request } = await setup(who, { credits: 1 });
      const render = deps.keepsakes.render.bind(deps.keepsakes);
      deps.keepsakes.render = async (drawing) => {
        const drawn = await render(drawing);
        await deleteUpload(deps, who, uploadId);
        return drawn;
      };
      const make = quality === 'free' ? createFreeKeepsake : createHdKeepsake;
      await expect(make(deps, who, request())).rejects.toMatchObject({ kind: 'not_found' });
      expect(deps.blobs.keys('renders').filter((key) => key.startsWith('compositions/'))).toEqual([]);
      expect(await deps.compositions.listByUpload(uploadId)).toEqual([]);
      expect(deps.table.compositions.size).toBe(0);
      expect(deps.table.credits.get(who.sub)?.balance).toBe(1);
    },
  );
});
