/**
 * The Moments editor's direct manipulation on the real local stack: the child starts on the
 * template's ground line, dragging the child moves the
 * sliders (one drag, one undo step), the erase brush mends the edge and its strokes are accepted by
 * the server's Generate, a brush stroke begun on the background paints nothing, and the blend
 * controls work by keyboard and go with Generate. Screenshots of
 * the editor go to test-results for looking at.
 */
import { expect, type Page, test } from '@playwright/test';
import { FACE_PHOTO, toast } from './helpers';

async function openEditorWithPhoto(page: Page) {
  await page.goto('/moments');
  await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
  await page.waitForURL(/\/moments\/editor\/[0-9a-f-]{36}$/);
  await page.locator('input[type=file]').setInputFiles(FACE_PHOTO);
  await expect(toast(page, 'Background removed successfully!')).toBeVisible({ timeout: 45_000 });
  // The child stands on the template's ground line once the cut-out has loaded: below the middle.
  const y = page.getByLabel('Position Y');
  await expect.poll(async () => Number(await y.inputValue())).toBeGreaterThan(55);
  return Number(await y.inputValue()) / 100;
}

/** A mouse drag in canvas fractions (0–1 of the shown canvas), in small steps like a hand. */
async function dragOnCanvas(page: Page, from: [number, number], to: [number, number]) {
  const canvas = page.getByRole('application').locator('canvas').first();
  // The whole canvas in view: the child stands low on it, below the fold of a laptop's window.
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const at = ([fx, fy]: [number, number]) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 8 });
  await page.mouse.up();
}

test('dragging the child moves the sliders as one undo step; the brush mends the edge', async ({
  page,
}, testInfo) => {
  const standing = await openEditorWithPhoto(page);
  const x = page.getByLabel('Position X');
  const y = page.getByLabel('Position Y');
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('editor.png'), fullPage: true });

  await expect(x).toHaveValue('50');
  await dragOnCanvas(page, [0.5, standing], [0.7, standing - 0.15]);
  await expect.poll(async () => Number(await x.inputValue())).toBeGreaterThan(60);
  await expect.poll(async () => Number(await y.inputValue())).toBeLessThan(100 * standing - 10);
  await undo.click();
  await expect(x).toHaveValue('50');
  await expect(y).toHaveValue(String(Math.round(100 * standing)));
  await expect(undo).toBeDisabled();

  // Erase: a stroke begun far off the child paints nothing; one across the child is a step.
  await page.getByRole('button', { name: 'Erase edge' }).click();
  await expect(page.getByRole('button', { name: 'Erase edge' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Brush size')).toBeVisible();
  await dragOnCanvas(page, [0.02, 0.02], [0.06, 0.04]);
  await expect(undo).toBeDisabled();
  await dragOnCanvas(page, [0.42, standing - 0.05], [0.6, standing + 0.05]);
  await expect(undo).toBeEnabled();
  await expect(x).toHaveValue('50');

  await page.getByRole('button', { name: 'Generate (free)' }).click();
  await expect(toast(page, 'Composition created successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Your keepsake' })).toBeVisible();

  // Ctrl+Z takes the stroke back, Ctrl+Shift+Z brings it again.
  await page.keyboard.press('Control+z');
  await expect(undo).toBeDisabled();
  await page.keyboard.press('Control+Shift+z');
  await expect(undo).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('editor-result.png'), fullPage: true });
});

test('the blend sliders and the light switch answer the keyboard and go with Generate', async ({ page }) => {
  await openEditorWithPhoto(page);
  const brightness = page.getByRole('slider', { name: 'Brightness' });
  await brightness.focus();
  await page.keyboard.press('ArrowRight');
  await expect(brightness).toHaveValue('1.1');
  await expect(page.getByRole('slider', { name: 'Shadow strength' })).toHaveValue('0.3');
  const matchLight = page.getByRole('switch', { name: "Match the scene's light" });
  await expect(matchLight).toBeChecked();
  await matchLight.focus();
  await page.keyboard.press('Space');
  await expect(matchLight).not.toBeChecked();

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/compositions') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Generate (free)' }).click();
  expect((await sent).postDataJSON().blend).toEqual({
    brightness: 1.1,
    contrast: 1,
    shadowStrength: 0.3,
    shadowOffset: 0,
    feather: 0,
    matchLight: false,
  });
  await expect(toast(page, 'Composition created successfully!')).toBeVisible({ timeout: 30_000 });
});
