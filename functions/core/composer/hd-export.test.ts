import { storageKeys } from '@shared/deployment';
import { INITIAL_COMPOSER_TRANSFORM } from '@shared/rules/composer-transform';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, uploadedPhoto } from '../../test-support/fakes/scenes';
import { givenCutout, givenTemplate } from '../../test-support/moments';
import type { TemplateRecord } from '../moments/moments-ports';
import type { Principal } from '../ports';
import { createHdExport } from './hd-export';

const transform = {
  ...INITIAL_COMPOSER_TRANSFORM,
  x: 0.4,
  scale: 1.2,
  rotation: -5,
  flip: true,
  shadow: true,
};

async function setup(principal: Principal, { credits = 0, template = {} as Partial<TemplateRecord> } = {}) {
  const deps = fakeDeps();
  const made = await givenTemplate(deps, {
    orientation: '4:5',
    nativeWidth: 1638,
    nativeHeight: 2048,
    safeArea: { x: 0.2, y: 0.3, width: 0.6, height: 0.6, anchor: 'bottom' },
    ...template,
  });
  const uploadId = await uploadedPhoto(deps, principal, { render: false });
  await givenCutout(deps, uploadId);
  if (credits && principal.kind === 'user')
    deps.table.credits.set(principal.sub, { balance: credits, subscription: null });
  const request = (requestId: string = crypto.randomUUID()) => ({
    requestId,
    templateId: made.id,
    uploadId,
    transform,
  });
  return { deps, template: made, request };
}

describe("the composer's HD export", () => {
  it('draws the clean template at its native size with the transform, for exactly 1 credit', async () => {
    const who = parent();
    const { deps, template, request } = await setup(who, { credits: 2 });
    const view = await createHdExport(deps, who, request());
    expect(view).toMatchObject({ quality: 'hd', width: 1638, height: 2048, paidWith: 'credits', balance: 1 });
    expect(view.fileName).toMatch(new RegExp(`^little-futures_${template.id}_\\d{13}\\.jpg$`));
    const [drawing] = deps.keepsakes.compositions;
    expect(drawing).toMatchObject({ width: 1638, height: 2048, transform, safeArea: template.safeArea });
    const native = await deps.blobs.get('renders', storageKeys.template(template.id, 'native.jpg'));
    expect((await drawing.background.load()).equals(native)).toBe(true);
    expect(deps.table.ledger.get(who.sub)?.at(-1)).toMatchObject({
      delta: -1,
      reason: 'hd_export',
      balanceAfter: 1,
    });
    // Recorded under its photo (deleting the photo finds it), then no longer pending.
    const [link] = await deps.compositions.listByUpload(request().uploadId);
    expect(link).toMatchObject({
      id: view.compositionId,
      quality: 'hd',
      key: `compositions/${view.compositionId}/hd.jpg`,
    });
    expect(deps.blobs.object('renders', link.key)).toMatchObject({ pending: false });
  });

  it('charges a double click or a retry once, under the same file name', async () => {
    const who = parent();
    const { deps, request } = await setup(who, { credits: 3 });
    const same = request();
    const [first, second] = await Promise.all([
      createHdExport(deps, who, same),
      createHdExport(deps, who, same),
    ]);
    const retry = await createHdExport(deps, who, same);
    expect(new Set([first.compositionId, second.compositionId, retry.compositionId]).size).toBe(1);
    expect(retry.fileName).toBe(first.fileName);
    expect(deps.table.credits.get(who.sub)?.balance).toBe(2);
  });

  it('answers 402 without credits and refuses a template that is not approved, charging nothing', async () => {
    const who = parent();
    const poor = await setup(who);
    await expect(createHdExport(poor.deps, who, poor.request())).rejects.toMatchObject({
      kind: 'payment_required',
    });
    const unreviewed = await setup(who, { credits: 2, template: { status: 'active' } });
    await expect(createHdExport(unreviewed.deps, who, unreviewed.request())).rejects.toMatchObject({
      kind: 'not_found',
    });
    for (const { deps } of [poor, unreviewed]) {
      expect(deps.keepsakes.compositions).toHaveLength(0);
      expect(deps.table.compositions.size).toBe(0);
    }
    expect(unreviewed.deps.table.credits.get(who.sub)?.balance).toBe(2);
  });
});
