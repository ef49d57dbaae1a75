/** The single table's key design, shared by the CDK stack and the local stack's bootstrap. */
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  globalIndexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
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
  credits: (userSub: string) => ({ pk: `USER#${userSub}`, sk: 'CREDITS' }),
  /** Time-ordered, so a Query of the prefix in reverse gives the newest changes first. */
  ledger: (userSub: string, at: string, id: string) => ({ pk: `USER#${userSub}`, sk: `LEDGER#${at}#${id}` }),
  paymentEvent: (eventId: string) => ({ pk: `PAYMENT_EVENT#${eventId}`, sk: 'META' }),
  template: (id: string) => ({ pk: `TEMPLATE#${id}`, sk: 'META' }),
  /** Sparse: only published templates (active, approved) are in it, newest last in key order. */
  publishedTemplatesIndex: (createdAt: string, id: string) => ({
    gsi1pk: 'TEMPLATES#published',
    gsi1sk: `${createdAt}#${id}`,
  }),
  draft: (userSub: string, id: string) => ({ pk: `USER#${userSub}`, sk: `DRAFT#${id}` }),
  /** An HD keepsake of a user, by the request that made it (the idempotency key of its payment). */
  hdComposition: (userSub: string, requestId: string) => ({
    pk: `USER#${userSub}`,
    sk: `COMPOSITION#${requestId}`,
  }),
  /** Analytics events, one partition per day (ARCHITECTURE.md §3). */
  analytics: (at: string, id: string) => ({ pk: `ANALYTICS#${at.slice(0, 10)}`, sk: `${at}#${id}` }),
};
