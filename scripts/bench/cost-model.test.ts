import { describe, expect, it } from 'vitest';
import { costPerThousand, LIST_PRICES_USD, PREVIEW_ASSUMPTIONS } from './cost-model';

const none = {
  ...PREVIEW_ASSUMPTIONS,
  lambdaGbSeconds: 0,
  cloudFrontRequests: 0,
  cloudFrontGbOut: 0,
  storedGb: 0,
};
const usd = (lines: { item: string; usd: number }[], item: string) => lines.find((l) => l.item === item)?.usd;

describe('the AWS cost model', () => {
  it('prices the counts measured over several units per 1,000 units', () => {
    const counts = new Map([
      ['Lambda\tAPI', 6],
      ['DynamoDB\tread Query', 9],
      ['S3\tPUT', 3],
    ]);
    const lines = costPerThousand(counts, 3, none);
    expect(usd(lines, 'API Gateway (HTTP API)')).toBeCloseTo(
      (2000 / 1e6) * LIST_PRICES_USD.httpApiPerMillionRequests,
    );
    expect(usd(lines, 'DynamoDB reads')).toBeCloseTo(
      (3000 / 1e6) * LIST_PRICES_USD.dynamoPerMillionReadUnits,
    );
    expect(usd(lines, 'S3 requests')).toBeCloseTo(1 * LIST_PRICES_USD.s3PerThousandPuts);
  });

  it('charges a transaction two units per item, two items assumed', () => {
    const plain = costPerThousand(new Map([['DynamoDB\twrite PutItem', 1]]), 1, none);
    const transaction = costPerThousand(new Map([['DynamoDB\twrite TransactWriteItems', 1]]), 1, none);
    expect(usd(transaction, 'DynamoDB writes')).toBeCloseTo(4 * (usd(plain, 'DynamoDB writes') ?? 0));
  });

  it('adds compute, storage and delivery from the assumptions', () => {
    const lines = costPerThousand(new Map(), 1, {
      ...none,
      lambdaGbSeconds: 1,
      storedGb: 1,
      storedMonths: 2,
    });
    expect(usd(lines, 'Lambda compute')).toBeCloseTo(1000 * LIST_PRICES_USD.lambdaPerGbSecond);
    expect(usd(lines, 'S3 storage')).toBeCloseTo(2000 * LIST_PRICES_USD.s3PerGbMonth);
  });
});
