/**
 * "Try again" on a failed card, on the real local stack: a render forced to failed in the table
 * shows its reason and the button to its owner (not to someone holding the link); the button puts
 * it back on the queue and the page polls it to a finished preview.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test } from '@playwright/test';
import { messages } from '@shared/messages';
import { keys } from '../../functions/adapters/dynamo/table-design';
import { dismissNotifyWhenShown, expectNoSeriousA11yViolations, openPage, uploadPhoto } from './helpers';
import { stackEnv, stackTable } from './stack';

/** What the sweeper leaves when a render stays stuck: failed, with its reason, out of the in-progress index. */
async function forceFailed(uploadId: string, age: number) {
  const table = stackTable();
  try {
    await table.send(
      new UpdateCommand({
        TableName: stackEnv().TABLE_NAME,
        Key: keys.job(uploadId, age),
        UpdateExpression: 'SET #status = :failed, failureReason = :reason REMOVE gsi2pk, gsi2sk',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':reason': messages.renderTimedOut },
      }),
    );
  } finally {
    table.destroy();
  }
}

test('the owner tries a failed age again and sees it rendered @desktop-only', async ({ page, browser }) => {
  // Four offline renders on two shared cores (the stack's worker shares a process with its API).
  test.setTimeout(300_000);
  await dismissNotifyWhenShown(page);
  const { uploadId } = await uploadPhoto(page);
  await page.waitForURL(`**/result/${uploadId}?temp=true`, { timeout: 150_000 });
  await expect(page.getByRole('img', { name: /watermarked preview/ })).toHaveCount(3, { timeout: 60_000 });
  await forceFailed(uploadId, 16);

  await openPage(page, `/result/${uploadId}?temp=true`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Age 16' }) });
  await expect(card.getByText('This one did not work out')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(messages.renderTimedOut)).toBeVisible();
  const tryAgain = card.getByRole('button', { name: 'Try again, age 16' });
  await expect(tryAgain).toHaveText('Try again');
  await expectNoSeriousA11yViolations(page);

  // Someone holding the link sees the failure, but cannot queue renders on the owner's photo.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await openPage(other, `/result/${uploadId}`);
    const theirCard = other
      .getByRole('listitem')
      .filter({ has: other.getByRole('heading', { name: 'Age 16' }) });
    await expect(theirCard.getByText('This one did not work out')).toBeVisible();
    await expect(theirCard.getByRole('button', { name: /again/ })).toHaveCount(0);
  } finally {
    await stranger.close();
  }

  await tryAgain.click();
  await expect(card.getByText('Processing...')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Your child at age 16 (watermarked preview)' })).toBeVisible({
    timeout: 150_000,
  });
  await expect(card.getByRole('button', { name: 'Try again, age 16' })).toHaveCount(0);
});
