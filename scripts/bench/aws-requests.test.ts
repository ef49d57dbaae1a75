import { describe, expect, it } from 'vitest';
import { classify, portsOf, summarise } from './aws-requests';

const ports = portsOf({
  AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000',
  AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4566',
  AWS_ENDPOINT_URL_SQS: 'http://127.0.0.1:4566',
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9229',
  STRIPE_API_BASE: 'http://127.0.0.1:12111',
});

describe('classify', () => {
  it('sorts DynamoDB operations into reads and writes', () => {
    expect(classify(ports, 8000, 'POST', 'DynamoDB_20120810.Query')).toEqual({
      service: 'DynamoDB',
      kind: 'read Query',
    });
    expect(classify(ports, 8000, 'POST', 'DynamoDB_20120810.TransactWriteItems')).toEqual({
      service: 'DynamoDB',
      kind: 'write TransactWriteItems',
    });
  });

  it('tells SQS from S3 on the port they share', () => {
    expect(classify(ports, 4566, 'POST', 'AmazonSQS.SendMessageBatch')).toEqual({
      service: 'SQS',
      kind: 'SendMessageBatch',
    });
    expect(classify(ports, 4566, 'put', undefined)).toEqual({ service: 'S3', kind: 'PUT' });
  });

  it('ignores requests to anything else', () => {
    expect(classify(ports, 3000, 'GET', undefined)).toBeUndefined();
  });
});

describe('summarise', () => {
  it('totals each service and divides by the unit', () => {
    const counts = new Map([
      ['S3\tPUT', 6],
      ['S3\tGET', 3],
      ['Lambda\tAPI', 3],
    ]);
    expect(summarise(counts, 3)).toEqual([
      '    Lambda        1.00   (API 1.00)',
      '    S3            3.00   (PUT 2.00, GET 1.00)',
    ]);
  });
});
