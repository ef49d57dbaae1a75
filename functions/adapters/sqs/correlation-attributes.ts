/** The message attribute that carries the correlation id of the work that sends a message. */
import type { MessageAttributeValue } from '@aws-sdk/client-sqs';
import { CORRELATION_ATTRIBUTE, correlationId } from '../../core/correlation';

export function correlationAttributes(): Record<string, MessageAttributeValue> | undefined {
  const id = correlationId();
  return id ? { [CORRELATION_ATTRIBUTE]: { DataType: 'String', StringValue: id } } : undefined;
}
