/**
 * The operators' template pages on the real local stack: an admin imports the sample, resizes a
 * template's safe area by dragging a corner and by the number fields, saves (which approves it) and
 * finds it in the composer gallery; a parent who is not an admin is sent home.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { expect, type Page, test } from '@playwright/test';
import { keys } from '../../functions/adapters/dynamo/table-design';
import { createUser, freshEmail, signIn } from './accounts-helpers';
import { createAdmin } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './helpers';
import { stackEnv, stackTable } from './stack';

async function signedInAdmin(page: Page, baseURL: string) {
  await signIn(page, await createAdmin(baseURL, 'operator'));
}

/** The preview's stage, and a point of its 800×800 logical coordinates on the screen. */
async function previewPoint(page: Page, x: number, y: number) {
  const canvas = page.locator('canvas').first();
  // The mouse reaches only what is on screen: the whole 800×800 preview, centred.
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no preview canvas');
  const scale = box.width / 800;
  return { x: box.x + x * scale, y: box.y + y * scale };
}

/** Toasts sit over the panel's corner on wide screens (and a hovered toast stays): let them go first. */
async function saveTemplate(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Save Template' }).click();
}

/** Templates this file imported: removed afterwards, so the galleries other files click through are as seeded. */
const imported: string[] = [];
test.afterAll(async () => {
  const table = stackTable();
  try {
    for (const id of imported.splice(0)) {
      await table.send(new DeleteCommand({ TableName: stackEnv().TABLE_NAME, Key: keys.template(id) }));
    }
  } finally {
    table.destroy();
  }
});

test('an admin imports the sample, drags and types a safe area, saves and finds it in the composer gallery', async ({
  page,
  baseURL,
  isMobile,
}) => {
  await signedInAdmin(page, baseURL!);
  await page.goto('/admin/template-seeder');
  await expect(page.getByRole('heading', { level: 1, name: 'Template Seeder' })).toBeVisible();
  const importButton = page.getByRole('button', { name: 'Import Templates' });
  await expect(importButton).toBeDisabled();

  // Not JSON, then an item without a name: clear messages, nothing sent.
  const json = page.getByLabel('Templates JSON');
  await json.fill('{ not json');
  await importButton.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid JSON format. Expected an array of templates.' }),
  ).toBeVisible();
  await json.fill('[{ "category": "Family" }]');
  await importButton.click();
  await expect(page.getByRole('alert').filter({ hasText: 'item 0), name: name is required' })).toBeVisible();

  await page.getByRole('button', { name: 'Load Sample' }).click();
  const tag = crypto.randomUUID().slice(0, 8);
  const sample = JSON.parse(await json.inputValue()) as { name: string }[];
  const name = `Sunny Meadow ${tag}`;
  sample[0].name = name;
  await json.fill(JSON.stringify(sample));
  const response = page.waitForResponse((r) => r.url().endsWith('/api/admin/templates/import'));
  await importButton.click();
  const body = (await (await response).json()) as { templates: { templateId: string }[] };
  imported.push(...body.templates.map((t) => t.templateId));
  await expect(page.getByRole('status').filter({ hasText: 'Imported 3 template(s)' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Successfully imported 3 template(s)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Back to Template Editor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Template Safe Area Editor' })).toBeVisible();
  await saveTemplate(page);
  await expect(page.getByText('Please select a template').first()).toBeVisible();

  await page.getByLabel('Template', { exact: true }).selectOption({ label: `${name} (Family)` });
  await expect(page.getByLabel('Scene Name')).toHaveValue(name);
  await expect(page.getByRole('spinbutton', { name: 'Width' })).toHaveValue('0.5');
  await expect(page.locator('canvas').first()).toBeVisible();

  // The sample's safe area is 0.25, 0.3, 0.5 × 0.6 of a square: its bottom-right corner is at (600, 720).
  const from = await previewPoint(page, 600, 720);
  const to = await previewPoint(page, 680, 760);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByRole('spinbutton', { name: 'Width' })).toHaveValue('0.6');
  await expect(page.getByRole('spinbutton', { name: 'Height' })).toHaveValue('0.65');

  if (isMobile) {
    // A finger on the top-left corner, now at (200, 240): the bottom-right one stays put.
    const cdp = await page.context().newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [at] : [] });
    const start = await previewPoint(page, 204, 236);
    await touch('touchStart', start);
    for (const [x, y] of [
      [170, 210],
      [140, 180],
      [120, 160],
    ]) {
      await touch('touchMove', await previewPoint(page, x, y));
    }
    await touch('touchEnd');
    await expect(page.getByRole('spinbutton', { name: 'Width' })).toHaveValue('0.7');
    await expect(page.getByRole('spinbutton', { name: 'Height' })).toHaveValue('0.75');
  }

  // Typed values are clamped when the field is left: the size stays, x stops at 1 − width.
  await page.getByRole('spinbutton', { name: 'X', exact: true }).fill('0.6');
  await page.getByRole('spinbutton', { name: 'Display Order' }).focus();
  // The drags left the width at 0.6 (0.7 after the phone's touch drag).
  const [draggedWidth, xStop] = isMobile ? ['0.7', '0.3'] : ['0.6', '0.4'];
  await expect(page.getByRole('spinbutton', { name: 'X', exact: true })).toHaveValue(xStop);
  await expect(page.getByRole('spinbutton', { name: 'Width' })).toHaveValue(draggedWidth);
  // A width that no longer fits moves x back instead of shrinking.
  await page.getByRole('spinbutton', { name: 'Width' }).fill('0.9');
  await page.getByRole('spinbutton', { name: 'Display Order' }).focus();
  await expect(page.getByRole('spinbutton', { name: 'X', exact: true })).toHaveValue('0.1');
  await expect(page.getByRole('spinbutton', { name: 'Width' })).toHaveValue('0.9');
  await page.getByRole('spinbutton', { name: 'Width' }).fill('0.4');
  await page.getByRole('spinbutton', { name: 'X', exact: true }).fill('0.6');
  await page.getByRole('spinbutton', { name: 'Display Order' }).focus();
  await expect(page.getByRole('spinbutton', { name: 'X', exact: true })).toHaveValue('0.6');
  await expect(page.getByRole('spinbutton', { name: 'Width' })).toHaveValue('0.4');
  await page.getByRole('spinbutton', { name: 'Display Order' }).fill('900');
  await page.getByRole('combobox', { name: 'Anchor' }).selectOption('bottom');
  await expect(
    page.getByRole('application', {
      name: /x 0\.6, y 0\.[23], width 0\.4, height 0\.(65|75), anchor bottom/,
    }),
  ).toBeVisible();

  // From the keyboard: Shift+arrow moves the top-left corner one step.
  await page.getByRole('application', { name: /Preview of the safe area/ }).focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByRole('spinbutton', { name: 'X', exact: true })).toHaveValue('0.59');
  await expect(page.getByRole('spinbutton', { name: 'Width' })).toHaveValue('0.41');

  await saveTemplate(page);
  await expect(page.getByText('Template updated successfully!')).toBeVisible();
  await expect(page.getByText('Status: approved')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Approved: the composer gallery lists it (found by its name), and the composer opens it.
  await page.goto('/offspring-gallery');
  await page.getByLabel('Search').fill(tag);
  // Chosen at once, before the search reaches the URL: the card's link must win.
  const card = page.getByRole('main').getByRole('listitem').getByRole('link').first();
  await expect(card).toContainText(name);
  await card.click();
  await expect(page).toHaveURL(/\/offspring-composer\?templateId=[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a signed-in parent who is not an admin is sent home from the template pages', async ({
  page,
  baseURL,
}) => {
  const email = freshEmail('not-admin');
  await createUser(baseURL!, email);
  await signIn(page, email);
  for (const path of ['/admin/template-editor', '/admin/template-seeder']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
