/** The payment store stamps its writes with the Clock it is given, never with the machine's time. */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { creditsFor, hdRecord } from '../../test-support/credits';
import { loadLocalEnv } from '../../test-support/local-env';
import { uploadRecord, userOwner } from '../../test-support/records';
import { getRawItem } from '../../test-support/table';
import { createDynamoCompositionStore } from './composition-store';
import { createDynamoPaymentStore } from './payment-store';
import { keys } from './table-design';
import { createDynamoUploadStore } from './upload-store';

const env = loadLocalEnv();
const client = new DynamoDBClient({ region: env.AWS_REGION });
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
afterAll(() => client.destroy());

const FROZEN = new Date('2031-02-03T04:05:06.000Z');
const frozen = { now: () => FROZEN };
const store = createDynamoPaymentStore(doc, env.TABLE_NAME, frozen);
/** Where credits are spent: an HD keepsake's record takes its charge, with its ledger entry. */
const keepsakes = createDynamoCompositionStore(doc, env.TABLE_NAME, frozen);
const uploads = createDynamoUploadStore(doc, env.TABLE_NAME);

describe('payment store: time comes from the Clock port', () => {
  it('records a processed event at the clock time and expires it 30 days later', async () => {
    const eventId = `evt_${randomUUID()}`;
    await store.recordEvent(eventId, 'checkout.session.completed');
    const item = await getRawItem(doc, env.TABLE_NAME, keys.paymentEvent(eventId));
    expect(item?.processedAt).toBe(FROZEN.toISOString());
    expect(item?.ttl).toBe(FROZEN.getTime() / 1000 + 30 * 86_400);
  });

  it('fulfils an order and writes its ledger entry at the clock time', async () => {
    const userSub = randomUUID();
    const sessionId = `cs_test_${randomUUID()}`;
    const order = {
      sessionId,
      userSub,
      productId: 'credits_10' as const,
      amountCents: 495,
      status: 'pending' as const,
      createdAt: '2031-02-03T04:00:00.000Z',
    };
    await store.createOrder(order);
    expect(await store.fulfil({ order, unlockAges: [], newJobs: [], credits: 10 })).toBe(true);
    expect((await store.getOrder(sessionId))?.fulfilledAt).toBe(FROZEN.toISOString());
    expect(await store.listLedger(userSub, 10)).toEqual([
      { at: FROZEN.toISOString(), delta: 10, reason: 'credits_10', ref: sessionId, balanceAfter: 10 },
    ]);
    const photo = uploadRecord(frozen, userOwner(userSub));
    await uploads.createUpload(photo);
    const keepsake = hdRecord(frozen, userSub, photo);
    expect(await keepsakes.recordHdComposition(userSub, keepsake, creditsFor('hd_keepsake'))).toEqual({
      status: 'recorded',
      balance: 9,
    });
    expect((await store.listLedger(userSub, 10)).map((entry) => entry.at)).toEqual([
      FROZEN.toISOString(),
      FROZEN.toISOString(),
    ]);
  });
});
