/**
 * The single table in memory, shared by the fake UploadStore and PaymentStore as the real adapters
 * share one DynamoDB table (fulfilment writes jobs; deleting a user's items removes their credits).
 * A record's `expiresAt` stands for the item's `ttl` attribute.
 */
import type { TargetAge } from '@shared/catalog';
import type { PackRecord } from '../../core/admin/packs-ports';
import type {
  CompositionLink,
  CompositionRecord,
  DraftRecord,
  TemplateRecord,
} from '../../core/moments/moments-ports';
import type { CreditAccount, LedgerEntry, OrderRecord } from '../../core/payments/payment-ports';
import type { RefundRecord } from '../../core/payments/refund-ports';
import type { RenderJobRecord, UploadRecord } from '../../core/ports';
import type { PredictionLink } from '../../core/render/prediction-ports';

export type FakeTable = {
  uploads: Map<string, UploadRecord>;
  /** Jobs by upload id, then age. */
  jobs: Map<string, Map<TargetAge, RenderJobRecord>>;
  orders: Map<string, OrderRecord>;
  credits: Map<string, CreditAccount>;
  /** Oldest first. */
  ledger: Map<string, LedgerEntry[]>;
  events: Map<string, { type: string; processedAt: string }>;
  /** Refunds by what was paid for (order session or subscription), then part. */
  refunds: Map<string, Map<string, RefundRecord>>;
  /** Orders taken back (one revocation per order). */
  revocations: Set<string>;
  /** Order session by payment intent. */
  payments: Map<string, string>;
  /** What an order-less refund of ours paid back, by payment intent. */
  refundedPayments: Map<string, string>;
  /** The open subscription checkout session of each parent. */
  subscriptionCheckouts: Map<string, string>;
  templates: Map<string, TemplateRecord>;
  /** By `${userSub}/${draftId}`. */
  drafts: Map<string, DraftRecord>;
  /** HD keepsakes by `${userSub}/${requestId}`. */
  compositions: Map<string, CompositionRecord>;
  /** Keepsakes (free and HD) by upload id, then composition id. */
  uploadCompositions: Map<string, Map<string, CompositionLink>>;
  analytics: Array<{ event_type: string; metadata: Record<string, unknown> }>;
  /** The first-admin claim (one item). */
  firstAdmin?: { userSub: string; at: string };
  packs: Map<string, PackRecord>;
  /** Template ids of each pack (its membership items). */
  packTemplates: Map<string, Set<string>>;
  /** Hosted predictions' links, and whether each is still in the running index. */
  predictions: Map<string, PredictionLink & { running: boolean }>;
};

export const createFakeTable = (): FakeTable => ({
  uploads: new Map(),
  jobs: new Map(),
  orders: new Map(),
  credits: new Map(),
  ledger: new Map(),
  events: new Map(),
  refunds: new Map(),
  revocations: new Set(),
  payments: new Map(),
  refundedPayments: new Map(),
  subscriptionCheckouts: new Map(),
  templates: new Map(),
  drafts: new Map(),
  compositions: new Map(),
  uploadCompositions: new Map(),
  analytics: [],
  packs: new Map(),
  packTemplates: new Map(),
  predictions: new Map(),
});

/** DynamoDB allows at most 100 items in one TransactWriteItems; more is a ValidationException. */
export function checkTransactionSize(items: number) {
  if (items > 100) throw new Error(`ValidationException: ${items} items in one transaction (max 100)`);
}

/** What a failed condition on a plain write (not a transaction) throws in the real adapter. */
export class ConditionalCheckFailed extends Error {
  constructor(what: string) {
    super(`ConditionalCheckFailedException: ${what}`);
    this.name = 'ConditionalCheckFailedException';
  }
}

/** Reads hand out copies, as a database does: no caller shares state with the store. */
export const copy = <T>(value: T): T => structuredClone(value);

/** Drops undefined fields, as the document client's removeUndefinedValues does. */
export const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
