import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../../test-support/fakes/fake-deps';
import { givenTemplate } from '../../test-support/moments';
import { listAdminTemplates, updateTemplate } from './templates';

const save = {
  sceneName: 'Garden Party',
  category: 'Family',
  orientation: '4:5',
  safeArea: { x: 0.95, y: 0.2, width: 0.5, height: 0.9, anchor: 'top' },
  nativeWidth: 1638,
  nativeHeight: 2048,
  displayOrder: 4,
} as const;

describe('listAdminTemplates', () => {
  it('lists every template whatever its status, newest first', async () => {
    const deps = fakeDeps();
    const draft = await givenTemplate(deps, { status: 'draft', createdAt: '2026-03-01T00:00:00.000Z' });
    const active = await givenTemplate(deps, { status: 'active', createdAt: '2026-03-03T00:00:00.000Z' });
    const approved = await givenTemplate(deps, { createdAt: '2026-03-02T00:00:00.000Z' });
    const { templates } = await listAdminTemplates(deps);
    expect(templates.map((t) => t.templateId)).toEqual([active.id, approved.id, draft.id]);
    expect(templates[0].imageUrl).toBe(`https://previews.test/templates/${active.id}/wm.jpg`);
  });
});

describe('updateTemplate', () => {
  it('saves the fields, clamps the safe area like the form and approves the template', async () => {
    const deps = fakeDeps();
    const template = await givenTemplate(deps, { status: 'active' });
    const view = await updateTemplate(deps, template.id, save);
    // The size stays; x and y stop at 1 − the size.
    const safeArea = { x: 0.5, y: 0.1, width: 0.5, height: 0.9, anchor: 'top' };
    expect(view).toMatchObject({ ...save, safeArea, status: 'approved' });
    const stored = await deps.templates.getTemplate(template.id);
    expect(stored).toMatchObject({
      sceneName: 'Garden Party',
      safeArea,
      status: 'approved',
      displayOrder: 4,
    });
    expect(stored?.createdAt).toBe(template.createdAt);
    expect((await deps.templates.listApproved()).map((t) => t.id)).toContain(template.id);
  });

  it('answers 404 for a template that does not exist, and writes nothing', async () => {
    const deps = fakeDeps();
    await expect(updateTemplate(deps, crypto.randomUUID(), save)).rejects.toMatchObject({
      kind: 'not_found',
      messageKey: 'templateSaveNotFound',
    });
    expect(await deps.templates.listAll()).toEqual([]);
  });
});
