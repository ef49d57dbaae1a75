/**
 * The Moments blend through the real routes: sent with Generate and kept in drafts; out of its
 * ranges it is refused (400, with the ranges in the message) and nothing is drawn or saved; a
 * draft saved before the blend existed opens with the defaults.
 */
import { messages } from '@shared/messages';
import { DEFAULT_MOMENTS_BLEND } from '@shared/rules/placement';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TemplateRecord } from '../core/moments/moments-ports';
import { claimsOf, newParent } from '../test-support/cognito';
import * as images from '../test-support/images';
import { givenCutout, givenTemplate } from '../test-support/moments';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, uploadPhoto } = createTestApp();

let template: TemplateRecord;
beforeAll(async () => {
  template = await givenTemplate(deps);
});

async function parentWithCutout() {
  const parent = await newParent();
  const claims = await claimsOf(parent.idToken);
  const uploadId = await uploadPhoto({ claims }, images.samplePhoto(3), { purpose: 'keepsake' });
  await givenCutout(deps, uploadId);
  return { parent, claims, uploadId };
}

const placement = { x: 0.5, y: 0.55, scale: 0.4, rotation: 0 };
const blend = {
  brightness: 1.2,
  contrast: 0.8,
  shadowStrength: 0.6,
  shadowOffset: 0.1,
  feather: 4,
  matchLight: false,
};
const tooDark = { ...blend, brightness: 0.4 };

describe('the Moments blend', () => {
  it('is refused out of its ranges with a clear message, and nothing is drawn or saved', async () => {
    const { parent, claims, uploadId } = await parentWithCutout();
    const composition = await callRoute('createComposition', {
      claims,
      body: { requestId: crypto.randomUUID(), templateId: template.id, uploadId, placement, blend: tooDark },
    });
    expect([composition.status, composition.json.error]).toEqual([
      400,
      { code: 'invalid_blend', message: messages.blendOutOfRange },
    ]);
    const draft = await callRoute('createDraft', {
      claims,
      body: { templateId: template.id, uploadId, placement, blend: { ...blend, shadowOffset: 0.5 } },
    });
    expect(draft.status).toBe(400);
    expect(await deps.compositions.listByUpload(uploadId)).toEqual([]);
    expect(await deps.drafts.listDrafts(parent.sub)).toEqual([]);
  });

  it('is drawn with Generate and kept by a draft and its copy', async () => {
    const { claims, uploadId } = await parentWithCutout();
    const made = await callRoute('createComposition', {
      claims,
      body: { requestId: crypto.randomUUID(), templateId: template.id, uploadId, placement, blend },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const saved = await callRoute('createDraft', {
      claims,
      body: { templateId: template.id, uploadId, placement, blend },
    });
    expect(saved.json).toMatchObject({ blend, canvas: { width: 800, height: 800 } });
    const copy = await callRoute('duplicateDraft', { claims, params: { draftId: saved.json.draftId } });
    expect(copy.json.blend).toEqual(blend);
  });

  it('opens a draft saved before it existed with the defaults', async () => {
    const { parent, claims, uploadId } = await parentWithCutout();
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await deps.drafts.createDraft({
      id,
      userSub: parent.sub,
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
    const opened = await callRoute('getDraft', { claims, params: { draftId: id } });
    expect(opened.json).toMatchObject({ blend: DEFAULT_MOMENTS_BLEND, canvas: { width: 800, height: 800 } });
  });
});
