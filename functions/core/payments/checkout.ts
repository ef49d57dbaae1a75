/**
 * Starting a checkout (signed-in parents only) and the success page's confirmation. Everything a
 * session sells comes from the catalog; what it unlocks is checked against the photo first.
 */
import { getProduct, type Product } from '@shared/catalog';
import { ageHdOnSale, sellsAgeHd } from '@shared/rules/age-sales';
import { effectiveStatus } from '@shared/rules/stuck-jobs';
import type { ConfirmCheckoutResponse, CreateCheckoutRequest } from '@shared/schemas/payments';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import { type AgeingRoute, ageingEngine } from '../image-ai';
import type { Principal } from '../ports';
import { assertOwner, requireUser, type SignedInUser } from '../uploads/ownership';
import type { FulfilDeps } from './fulfil';
import { fulfilCheckout } from './fulfil';
import { isPaid } from './fulfilment-plan';
import { subscriptionIsActive } from './subscription';

/** Placeholder Stripe fills in on the success URL. */
const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
/** Checkout session ids are "cs_" + letters, digits and underscores. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

/**
 * Where checkout sends the buyer back: the configured site (AWS), else the page's own origin when it
 * is a loopback address (the local stack on any port). Any other Origin is refused, so nobody can
 * make a genuine checkout page that returns to a site of their choosing.
 */
export function siteOrigin(originHeader: string | undefined, configured: string | undefined): string {
  if (configured) return new URL(configured).origin;
  if (originHeader && LOOPBACK_ORIGIN.test(originHeader)) return originHeader;
  throw new DomainError('invalid', 'invalidRequest');
}

export async function startCheckout(
  deps: Pick<Deps, 'clock' | 'paymentStore' | 'payments' | 'sellSimulatedAges' | 'siteUrl' | 'uploads'> & {
    imageAI: AgeingRoute;
  },
  principal: Principal,
  request: CreateCheckoutRequest,
  originHeader: string | undefined,
) {
  const user = requireUser(principal);
  const product = getProduct(request.productId);
  if (sellsAgeHd(product.id)) await assertAgeHdOnSale(deps);
  const origin = siteOrigin(originHeader, deps.siteUrl);
  const needsPhoto = product.unlocksAges.length > 0;
  if (needsPhoto && !request.uploadId) throw new DomainError('invalid', 'productNeedsPhoto');
  if (!needsPhoto && request.uploadId) throw new DomainError('invalid', 'productTakesNoPhoto');
  if (request.uploadId) await assertCanUnlock(deps, user, product, request.uploadId);
  let replacing: string | null = null;
  if (product.mode === 'subscription') {
    const { subscription } = await deps.paymentStore.getCredits(user.sub);
    if (subscriptionIsActive(subscription, deps.clock.now())) {
      throw new DomainError('conflict', 'alreadySubscribed');
    }
    const open = await openSubscriptionCheckout(deps, user.sub);
    if (open.reuse) return open.reuse;
    replacing = open.replacing;
  }

  const successPath = request.uploadId ? `/result/${request.uploadId}` : '/my-photos';
  const cancelPath = request.returnPath ?? (request.uploadId ? `/result/${request.uploadId}` : '/pricing');
  const metadata: Record<string, string> = {
    userSub: user.sub,
    productId: product.id,
    ...(request.uploadId ? { uploadId: request.uploadId } : {}),
    ...(user.email ? { email: user.email } : {}),
  };
  const session = await deps.payments.createCheckoutSession({
    productId: product.id,
    mode: product.mode,
    name: product.name,
    priceCents: product.priceCents,
    interval: product.interval,
    successUrl: `${origin}${successPath}?paid=true&session_id=${SESSION_PLACEHOLDER}`,
    cancelUrl: `${origin}${cancelPath}`,
    customerEmail: user.email,
    clientReferenceId: user.sub,
    metadata,
  });
  if (
    product.mode === 'subscription' &&
    !(await deps.paymentStore.claimSubscriptionCheckout(user.sub, session.id, replacing))
  ) {
    // Another tab opened one first: this one must never be paid, and the parent goes to the other.
    await deps.payments.expireCheckoutSession(session.id);
    const open = await openSubscriptionCheckout(deps, user.sub);
    if (open.reuse) return open.reuse;
    throw new DomainError('conflict', 'subscriptionCheckoutOpen');
  }
  await deps.paymentStore.createOrder({
    sessionId: session.id,
    userSub: user.sub,
    email: user.email,
    productId: product.id,
    uploadId: request.uploadId,
    amountCents: product.priceCents,
    status: 'pending',
    createdAt: deps.clock.now().toISOString(),
  });
  return { url: session.url, sessionId: session.id };
}

/**
 * One subscription checkout per parent at a time (two paid tabs would make two subscriptions): a
 * still-open one is handed out again; a paid one whose plan is live means already subscribed; an
 * expired or finished one is replaced.
 */
async function openSubscriptionCheckout(
  deps: Pick<Deps, 'clock' | 'paymentStore' | 'payments'>,
  userSub: string,
): Promise<{ reuse: { url: string; sessionId: string } | null; replacing: string | null }> {
  const record = await deps.paymentStore.getSubscriptionCheckout(userSub);
  if (!record) return { reuse: null, replacing: null };
  const session = await deps.payments.retrieveCheckoutSession(record.sessionId);
  if (session?.status === 'open' && session.url) {
    return { reuse: { url: session.url, sessionId: session.id }, replacing: null };
  }
  if (session?.status === 'complete' && session.subscriptionId) {
    // Paid, and the webhook has not stored the plan yet: a new checkout would start a second one.
    const subscription = await deps.payments.retrieveSubscription(session.subscriptionId);
    if (subscription && subscriptionIsActive({ ...subscription, eventCreated: 0 }, deps.clock.now())) {
      throw new DomainError('conflict', 'alreadySubscribed');
    }
  }
  return { reuse: null, replacing: record.sessionId };
}

/**
 * The offline engine's previews are a simulation: with live keys (known only once they are loaded)
 * they are not sold unless the deployer opted in (shared/rules/age-sales.ts).
 */
async function assertAgeHdOnSale(
  deps: Pick<Deps, 'payments' | 'sellSimulatedAges'> & { imageAI: AgeingRoute },
) {
  const facts = {
    ageing: ageingEngine(deps.imageAI),
    payments: await deps.payments.keyMode(),
    sellSimulatedAges: deps.sellSimulatedAges,
  };
  if (!ageHdOnSale(facts)) throw new DomainError('conflict', 'ageHdNotForSale', 'not_for_sale');
}

/** The photo is the buyer's, its previews exist, and the product still unlocks something. */
async function assertCanUnlock(
  deps: Pick<Deps, 'clock' | 'uploads'>,
  user: SignedInUser,
  product: Product,
  uploadId: string,
) {
  const found = await deps.uploads.getUploadWithJobs(uploadId);
  if (!found) throw new DomainError('not_found', 'uploadNotFound');
  assertOwner(user, found.upload);
  // Paid files must live with the account (no anonymous expiry): the photo must have moved there.
  if (found.upload.owner !== `user:${user.sub}`) throw new DomainError('conflict', 'photoNotInAccount');
  const { upload, jobs } = found;
  // Ages 2, 5 and 19 are rendered from the face the previews found: one preview must be done.
  if (upload.status !== 'ready' || !jobs.some((job) => job.status === 'done')) {
    throw new DomainError('conflict', 'photoNotReady');
  }
  const unlocked = (age: number) => jobs.some((job) => job.age === age && job.hdUnlocked);
  if (product.unlocksAges.every(unlocked)) throw new DomainError('conflict', 'alreadyUnlocked');
  // A failed preview, or one stuck past the limit (the card shows it failed), is not for sale.
  const now = deps.clock.now();
  const unfinished = jobs.filter(
    (job) => product.unlocksAges.includes(job.age) && effectiveStatus(job, now) === 'failed',
  );
  if (unfinished.length > 0) throw new DomainError('conflict', 'previewNotFinished');
}

/**
 * The success page asks: the webhook may not have arrived yet, so the session is checked with the
 * provider and fulfilled here if it is paid (fulfilment is idempotent, whoever comes first).
 */
export async function confirmCheckout(
  deps: FulfilDeps,
  principal: Principal,
  sessionId: string,
): Promise<ConfirmCheckoutResponse> {
  const user = requireUser(principal);
  const session = SESSION_ID.test(sessionId) ? await deps.payments.retrieveCheckoutSession(sessionId) : null;
  // Another user's session is as unknown to this caller as a made-up one.
  if (!session || session.metadata.userSub !== user.sub)
    throw new DomainError('not_found', 'checkoutNotFound');
  const outcome = isPaid(session) ? await fulfilCheckout(deps, session) : 'pending';
  if (outcome === 'not-ours') throw new DomainError('not_found', 'checkoutNotFound');
  return {
    status: outcome === 'pending' ? 'pending' : 'fulfilled',
    productId: session.metadata.productId as ConfirmCheckoutResponse['productId'],
    uploadId: session.metadata.uploadId ?? null,
  };
}
