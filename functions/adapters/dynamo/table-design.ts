/** The single table's key design, shared by the CDK stack and the local stack's bootstrap. */
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export const keys = {
  upload: (id: string) => ({ pk: `UPLOAD#${id}`, sk: 'META' }),
  /** Zero-padded so a Query returns jobs in ascending age. */
  job: (uploadId: string, age: number) => ({
    pk: `UPLOAD#${uploadId}`,
    sk: `JOB#${String(age).padStart(3, '0')}`,
  }),
  ownerIndex: (owner: string, createdAt: string) => ({
    gsi1pk: `OWNER#${owner}`,
    gsi1sk: `UPLOAD#${createdAt}`,
  }),
  /** One order per provider checkout session. */
  order: (sessionId: string) => ({ pk: `ORDER#${sessionId}`, sk: 'META' }),
  /** A buyer's orders in the owner index, beside their uploads (account deletion finds them here). */
  ownerOrdersIndex: (userSub: string, createdAt: string, sessionId: string) => ({
    gsi1pk: `OWNER#user:${userSub}`,
    gsi1sk: `ORDER#${createdAt}#${sessionId}`,
  }),
  /** A deleted account whose tokens may still verify (expires with `ttl`). */
  deletedAccount: (sub: string) => ({ pk: `DELETED_ACCOUNT#${sub}`, sk: 'META' }),
  credits: (userSub: string) => ({ pk: `USER#${userSub}`, sk: 'CREDITS' }),
  /** Time-ordered, so a Query of the prefix in reverse gives the newest changes first. */
  ledger: (userSub: string, at: string, id: string) => ({ pk: `USER#${userSub}`, sk: `LEDGER#${at}#${id}` }),
  paymentEvent: (eventId: string) => ({ pk: `PAYMENT_EVENT#${eventId}`, sk: 'META' }),
  /** The order a payment (intent) paid for: refunds and disputes name only the payment. */
  payment: (paymentIntentId: string) => ({ pk: `PAYMENT#${paymentIntentId}`, sk: 'META' }),
  /** A refund the app made, by what was paid for (order session or subscription) and which part. */
  refund: (ref: string, part: string) => ({ pk: `REFUND#${ref}`, sk: `PART#${part}` }),
  /** An order taken back after a refund made elsewhere or a dispute: one per order. */
  revocation: (sessionId: string) => ({ pk: `REFUND#${sessionId}`, sk: 'REVOCATION' }),
  /** A parent's one open subscription checkout (two paid tabs would make two subscriptions). */
  subscriptionCheckout: (userSub: string) => ({ pk: `USER#${userSub}`, sk: 'SUBSCRIPTION_CHECKOUT' }),
  template: (id: string) => ({ pk: `TEMPLATE#${id}`, sk: 'META' }),
  /** Who became the first admin through the setup page: written once, conditionally. */
  firstAdmin: () => ({ pk: 'ADMIN#first', sk: 'META' }),
  /** Sparse: only published templates (active, approved) are in it, newest last in key order. */
  publishedTemplatesIndex: (createdAt: string, id: string) => ({
    gsi1pk: 'TEMPLATES#published',
    gsi1sk: `${createdAt}#${id}`,
  }),
  /**
   * The other templates (drafts) in the same index under their own key: with the published ones,
   * the operators' editor reaches every template through the index, never a Scan.
   */
  unpublishedTemplatesIndex: (createdAt: string, id: string) => ({
    gsi1pk: 'TEMPLATES#unpublished',
    gsi1sk: `${createdAt}#${id}`,
  }),
  /**
   * Sparse: only approved templates, in the composer gallery's order (display order ascending, then
   * newest first). Display orders are offset to stay positive and padded so strings sort as numbers;
   * the creation time is inverted so an ascending Query returns the newest first.
   */
  approvedTemplatesIndex: (displayOrder: number, createdAt: string, id: string) => ({
    gsi2pk: 'TEMPLATES#approved',
    gsi2sk: `${orderKey(displayOrder)}#${invertedTime(createdAt)}#${id}`,
  }),
  /** One hourly quota counter (shared/rules/quotas.ts): per owner, then action and clock hour. */
  quota: (owner: string, action: string, window: string) => ({
    pk: `QUOTA#${owner}`,
    sk: `${action}#${window}`,
  }),
  draft: (userSub: string, id: string) => ({ pk: `USER#${userSub}`, sk: `DRAFT#${id}` }),
  /** An HD keepsake of a user, by the request that made it (the idempotency key of its payment). */
  hdComposition: (userSub: string, requestId: string) => ({
    pk: `USER#${userSub}`,
    sk: `COMPOSITION#${requestId}`,
  }),
  /**
   * A keepsake (free or HD) made from an upload: deleting the upload finds every one with a strongly
   * consistent Query. A partition of its own, not the upload's: status polls read that one whole.
   */
  uploadComposition: (uploadId: string, compositionId: string) => ({
    pk: `COMPOSITIONS#${uploadId}`,
    sk: `COMPOSITION#${compositionId}`,
  }),
  /** Analytics events, one partition per day. */
  analytics: (at: string, id: string) => ({ pk: `ANALYTICS#${at.slice(0, 10)}`, sk: `${at}#${id}` }),
  pack: (id: string) => ({ pk: `PACK#${id}`, sk: 'META' }),
  /** A template of a pack: one item per membership, in the pack's partition. */
  packTemplate: (packId: string, templateId: string) => ({
    pk: `PACK#${packId}`,
    sk: `TEMPLATE#${templateId}`,
  }),
  /** An operator's AI test run (kept two days). */
  aiRun: (id: string) => ({ pk: `AI_RUN#${id}`, sk: 'META' }),
  /** A hosted prediction's link to its render job (the webhook names only the prediction). */
  prediction: (id: string) => ({ pk: `PREDICTION#${id}`, sk: 'META' }),
  /** Sparse: predictions still running, oldest first (what the sweeper polls). */
  runningPredictionsIndex: (startedAt: string, id: string) => ({
    gsi2pk: 'PREDICTIONS#running',
    gsi2sk: `${startedAt}#${id}`,
  }),
  /**
   * Sparse: render jobs while they are processing, oldest sign of life first (what the sweeper asks
   * for jobs stuck past shared/rules/stuck-jobs.ts's limit, without a Scan). Written with the job,
   * removed by every transition out of processing. One partition, like the running predictions:
   * a day or hour bucket would still put every write of the moment in one partition (it spreads
   * nothing) and would hide jobs older than the buckets the sweeper reads; a GSI partition takes
   * about 1,000 writes a second, some 150 uploads a second at two index writes per job.
   * The key time can lag the job's `updatedAt` (a prediction start or an unlock touches the job):
   * the sweeper applies the rule to the item itself, and its writes are conditional on it.
   */
  processingJobsIndex: (updatedAt: string, uploadId: string, age: number) => ({
    gsi2pk: 'JOBS#processing',
    gsi2sk: `${updatedAt}#${uploadId}#${String(age).padStart(3, '0')}`,
  }),
  /** Every pack, in creation order (the pack manager lists them newest first). */
  packsIndex: (createdAt: string, id: string) => ({ gsi1pk: 'PACKS', gsi1sk: `${createdAt}#${id}` }),
};

const MAX_DISPLAY_ORDER = 999_999;
function orderKey(displayOrder: number): string {
  const bounded = Math.max(-MAX_DISPLAY_ORDER, Math.min(MAX_DISPLAY_ORDER, Math.trunc(displayOrder)));
  return String(bounded + MAX_DISPLAY_ORDER).padStart(7, '0');
}
/** Later times give smaller keys (milliseconds before the year 10000). */
function invertedTime(iso: string): string {
  return String(253_402_300_800_000 - Date.parse(iso)).padStart(15, '0');
}
