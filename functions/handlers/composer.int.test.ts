/**
 * The composer's routes against the real emulators: its gallery through the second index, and an
 * HD export whose transform is outside the composer's ranges (400, nothing drawn or charged).
 */
import { INITIAL_COMPOSER_TRANSFORM } from '@shared/rules/composer-transform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, newParent } from '../test-support/cognito';
import { givenTemplate } from '../test-support/moments';
import { createTestApp } from '../test-support/test-app';

const { callRoute, deps, purgeRenderQueue } = createTestApp();
let parent: Awaited<ReturnType<typeof newParent>>;

beforeAll(async () => {
  parent = await newParent();
});
afterAll(async () => {
  await purgeRenderQueue();
});

describe('composer routes', () => {
  it('lists approved templates only, by display order', async () => {
    const later = await givenTemplate(deps, { displayOrder: -900_001 });
    const first = await givenTemplate(deps, { displayOrder: -900_002 });
    const unreviewed = await givenTemplate(deps, { displayOrder: -900_003, status: 'active' });
    const result = await callRoute('listComposerTemplates');
    const ids = result.json.templates.map((t: { templateId: string }) => t.templateId);
    expect(ids.slice(0, 2)).toEqual([first.id, later.id]);
    expect(ids).not.toContain(unreviewed.id);
  });

  it('refuses a transform outside the ranges with 400, drawing and charging nothing', async () => {
    const template = await givenTemplate(deps);
    const claims = await claimsOf(parent.idToken);
    for (const transform of [
      { ...INITIAL_COMPOSER_TRANSFORM, rotation: 40 },
      { ...INITIAL_COMPOSER_TRANSFORM, scale: 3.5 },
      { ...INITIAL_COMPOSER_TRANSFORM, brightness: 0.2 },
      { ...INITIAL_COMPOSER_TRANSFORM, flip: 'yes' },
    ]) {
      const result = await callRoute('createComposerHdComposition', {
        claims,
        body: {
          requestId: crypto.randomUUID(),
          templateId: template.id,
          uploadId: crypto.randomUUID(),
          transform,
        },
      });
      expect([result.status, result.json.error.code]).toEqual([400, 'invalidRequest']);
    }
    expect((await deps.paymentStore.getCredits(parent.sub)).balance).toBe(0);
  });
});
