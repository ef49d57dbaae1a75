import { describe, expect, it } from 'vitest';
import { toSqsRecord } from './sqs-poller';

describe('toSqsRecord', () => {
  it('turns an SQS API message into the record Lambda delivers', () => {
    const record = toSqsRecord(
      {
        MessageId: 'm-1',
        ReceiptHandle: 'rh-1',
        Body: '{"uploadId":"u","age":10}',
        MD5OfBody: 'abc',
        Attributes: { ApproximateReceiveCount: '2', SentTimestamp: '1700000000000', SenderId: 'S' },
        MessageAttributes: {
          kind: { DataType: 'String', StringValue: 'render' },
          blob: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2]) },
        },
      },
      'arn:aws:sqs:us-east-1:000000000000:render',
      'us-east-1',
    );
    expect(record).toMatchObject({
      messageId: 'm-1',
      receiptHandle: 'rh-1',
      body: '{"uploadId":"u","age":10}',
      md5OfBody: 'abc',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:render',
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '2', SentTimestamp: '1700000000000', SenderId: 'S' },
      messageAttributes: {
        kind: { dataType: 'String', stringValue: 'render', stringListValues: [], binaryListValues: [] },
        blob: { dataType: 'Binary', binaryValue: 'AQI=' },
      },
    });
  });
});
