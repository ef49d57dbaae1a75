/** Deleting an account (and one upload) over in-memory fakes; account.int.test.ts runs it on the emulators. */
import { getProduct } from '@shared/catalog';
import { DEFAULT_MOMENTS_BLEND } from '@shared/rules/placement';
import { describe, expect, it } from 'vitest';
import { type FakeDeps, fakeDeps } from '../../test-support/fakes/fake-deps';
import { parent, uploadedPhoto } from '../../test-support/fakes/scenes';
import { givenCutout, givenTemplate } from '../../test-support/moments';
import { createFreeKeepsake, createHdKeepsake } from '../moments/compositions';
import { startCheckout } from '../payments/checkout';
import type { OrderRecord } from '../payments/payment-ports';
import { handlePaymentWebhook } from '../payments/webhook';
import type { Principal } from '../ports';
import { deleteUpload } from '../uploads/delete-upload';
import { DELETED_ACCOUNT_MARKER_MS, deleteAccount } from './account';

const previewPaths = async (deps: FakeDeps, uploadId: string) =>
  (await deps.uploads.getUploadWithJobs(uploadId))!.jobs.map((job) => `/${job.previewKey}`);

/** A free and an HD keepsake of a photo with its cut-out (the caller needs a credit). */
async function keepsakesOf(deps: FakeDeps, who: Principal, uploadId: string) {
  await givenCutout(deps, uploadId);
  const template = await givenTemplate(deps);
  const request = () => ({
    requestId: crypto.randomUUID(),
    templateId: template.id,
    uploadId,
    placement: { x: 0.5, y: 0.5, scale: 0.4, rotation: 0 },
    strokes: [],
    blend: DEFAULT_MOMENTS_BLEND,
  });
  const free = await createFreeKeepsake(deps, who, request());
  const hd = await createHdKeepsake(deps, who, request());
  return [`compositions/${free.compositionId}/free.jpg`, `compositions/${hd.compositionId}/hd.jpg`];
}
const storedKeepsakes = (deps: FakeDeps) =>
  deps.blobs.keys('renders').filter((key) => key.startsWith('compositions/'));

describe('deleteAccount', () => {
  it('stops the account writing first: a marker outliving its tokens, and a global sign-out', async () => {
    const deps = fakeDeps();
    const user = parent({ username: 'cognito-name' });
    deps.identity.addUser(user.email!, 'cognito-name');
    const order: string[] = [];
    const markDeleted = deps.deletedAccounts.markDeleted.bind(deps.deletedAccounts);
    deps.deletedAccounts.markDeleted = async (sub, until) => {
      order.push('marker');
      await markDeleted(sub, until);
    };
    const signOut = deps.identity.signOutEverywhere.bind(deps.identity);
    deps.identity.signOutEverywhere = async (username) => {
      order.push('sign-out');
      await signOut(username);
    };
    const deleteUser = deps.identity.deleteUser.bind(deps.identity);
    deps.identity.deleteUser = async (username) => {
      order.push('delete user');
      await deleteUser(username);
    };

    await deleteAccount(deps, user);

    expect(order).toEqual(['marker', 'sign-out', 'delete user']);
    expect(deps.identity.signedOut).toEqual(['cognito-name']);
    expect(deps.deletedAccounts.markers.get(user.sub)?.getTime()).toBe(
      deps.clock.now().getTime() + DELETED_ACCOUNT_MARKER_MS,
    );
    expect(await deps.deletedAccounts.isDeleted(user.sub)).toBe(true);
    deps.clock.advance(DELETED_ACCOUNT_MARKER_MS + 1);
    expect(await deps.deletedAccounts.isDeleted(user.sub)).toBe(false);
  });

  it("removes the parent's email from their orders and leaves other buyers' orders alone", async () => {
    const deps = fakeDeps();
    const user = parent();
    const placed = (userSub: string, email: string): OrderRecord => ({
      sessionId: `cs_test_${crypto.randomUUID()}`,
      userSub,
      email,
      productId: 'credits_10',
      amountCents: getProduct('credits_10').priceCents,
      status: 'pending',
      createdAt: deps.clock.now().toISOString(),
    });
    const mine = placed(user.sub, user.email!);
    const theirs = placed(crypto.randomUUID(), 'someone@example.com');
    await deps.paymentStore.createOrder(mine);
    await deps.paymentStore.createOrder(theirs);
    await deps.paymentStore.fulfil({ order: mine, unlockAges: [], newJobs: [], credits: 10 });

    await deleteAccount(deps, user);

    const kept = await deps.paymentStore.getOrder(mine.sessionId);
    expect(kept).toMatchObject({ sessionId: mine.sessionId, status: 'fulfilled', amountCents: 495 });
    expect(kept?.email).toBeUndefined();
    expect((await deps.paymentStore.getOrder(theirs.sessionId))?.email).toBe('someone@example.com');
  });

  it('keeps no email on an order paid before the deletion whose webhook arrives after it', async () => {
    const deps = fakeDeps();
    const user = parent();
    const { sessionId } = await startCheckout(
      deps,
      user,
      { productId: 'credits_10' },
      'http://localhost:3000',
    );
    const { webhook } = deps.payments.pay(sessionId);
    expect((await deps.paymentStore.getOrder(sessionId))?.email).toBe(user.email);

    await deleteAccount(deps, user);
    expect((await deps.paymentStore.getOrder(sessionId))?.email).toBeUndefined();
    // Stripe delivers (or retries) the webhook later; its metadata still carries the email.
    await handlePaymentWebhook(deps, webhook.rawBody, webhook.signature);

    const order = await deps.paymentStore.getOrder(sessionId);
    expect(order).toMatchObject({ sessionId, status: 'fulfilled' });
    expect(order?.email).toBeUndefined();
  });

  it('invalidates the public previews of every upload at the CDN, and no private file', async () => {
    const deps = fakeDeps();
    const user = parent();
    const uploads = [await uploadedPhoto(deps, user), await uploadedPhoto(deps, user)];
    const expected = (await Promise.all(uploads.map((id) => previewPaths(deps, id)))).flat();
    expect(expected).toHaveLength(6);

    await deleteAccount(deps, user);

    expect([...deps.cdn.invalidated].sort()).toEqual([...expected].sort());
    expect(deps.cdn.invalidated.every((path) => path.startsWith('/previews/'))).toBe(true);
  });

  it('deletes the keepsakes of every photo with their records', async () => {
    const deps = fakeDeps();
    const user = parent();
    deps.table.credits.set(user.sub, { balance: 2, subscription: null });
    const uploads = [await uploadedPhoto(deps, user), await uploadedPhoto(deps, user)];
    for (const uploadId of uploads) await keepsakesOf(deps, user, uploadId);
    expect(storedKeepsakes(deps)).toHaveLength(4);

    await deleteAccount(deps, user);

    expect(storedKeepsakes(deps)).toEqual([]);
    expect(deps.table.compositions.size).toBe(0);
  });
});

describe('deleteUpload', () => {
  it("invalidates the upload's preview paths at the CDN once its files are gone", async () => {
    const deps = fakeDeps();
    const user = parent();
    const uploadId = await uploadedPhoto(deps, user);
    const paths = await previewPaths(deps, uploadId);
    const invalidate = deps.cdn.invalidate.bind(deps.cdn);
    let filesLeft = -1;
    deps.cdn.invalidate = async (asked) => {
      filesLeft = deps.blobs.keys('renders').length;
      await invalidate(asked);
    };

    await deleteUpload(deps, user, uploadId);

    expect(deps.cdn.invalidated).toEqual(paths);
    expect(filesLeft).toBe(0);
  });

  it('still deletes when the CDN refuses, and says so in the log', async () => {
    const deps = fakeDeps();
    const user = parent();
    const uploadId = await uploadedPhoto(deps, user);
    deps.cdn.invalidate = async () => {
      throw new Error('TooManyInvalidationsInProgress');
    };
    expect(await deleteUpload(deps, user, uploadId)).toEqual({ ok: true });
    expect(await deps.uploads.getUploadWithJobs(uploadId)).toBeNull();
    expect(deps.logger.messages('error')).toContain('could not invalidate deleted previews at the CDN');
  });
});

describe('deleteUpload and its keepsakes', () => {
  it('deletes every keepsake made from the photo with its records, and only those', async () => {
    const deps = fakeDeps();
    const user = parent();
    deps.table.credits.set(user.sub, { balance: 2, subscription: null });
    const uploadId = await uploadedPhoto(deps, user);
    const other = await uploadedPhoto(deps, user);
    const mine = await keepsakesOf(deps, user, uploadId);
    const theirs = await keepsakesOf(deps, user, other);
    expect(storedKeepsakes(deps).sort()).toEqual([...mine, ...theirs].sort());
    const previews = await previewPaths(deps, uploadId);

    await deleteUpload(deps, user, uploadId);

    expect(storedKeepsakes(deps).sort()).toEqual([...theirs].sort());
    expect(await deps.compositions.listByUpload(uploadId)).toEqual([]);
    expect([...deps.table.compositions.values()].map((record) => record.uploadId)).toEqual([other]);
    // Keepsakes are private (presigned links, never the CDN): only the previews are invalidated.
    expect(deps.cdn.invalidated).toEqual(previews);
  });

  it('deletes a keepsake recorded while it deleted the files, and a cut-out recorded meanwhile', async () => {
    const deps = fakeDeps();
    const user = parent();
    const uploadId = await uploadedPhoto(deps, user, { render: false });
    const template = await givenTemplate(deps);
    let late: string[] = [];
    const deleteItems = deps.uploads.deleteUpload.bind(deps.uploads);
    deps.uploads.deleteUpload = async (upload, jobs) => {
      if (!late.length) {
        // Between the read of the items and their deletion: a cut-out, then a keepsake of it.
        await givenCutout(deps, uploadId);
        const view = await createFreeKeepsake(deps, user, {
          requestId: crypto.randomUUID(),
          templateId: template.id,
          uploadId,
          placement: { x: 0.5, y: 0.5, scale: 0.4, rotation: 0 },
          strokes: [],
          blend: DEFAULT_MOMENTS_BLEND,
        });
        late = [`compositions/${view.compositionId}/free.jpg`];
        expect(storedKeepsakes(deps)).toEqual(late);
      }
      return deleteItems(upload, jobs);
    };

    await deleteUpload(deps, user, uploadId);

    expect(storedKeepsakes(deps)).toEqual([]);
    expect(deps.blobs.keys('uploads').filter((key) => key.includes(uploadId))).toEqual([]);
    expect(await deps.compositions.listByUpload(uploadId)).toEqual([]);
  });
});
