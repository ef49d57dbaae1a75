/**
 * The correlation id of the work in progress: the API request id, carried on the queue messages that
 * request sends, so the worker's log lines name the request that caused them. Ambient (async local
 * storage) rather than a parameter, because every log line and every send needs it and none decides on it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** The SQS message attribute that carries it. */
export const CORRELATION_ATTRIBUTE = 'correlationId';

export const correlationId = (): string | undefined => current.getStore();

export const withCorrelationId = <T>(id: string, work: () => Promise<T>): Promise<T> => current.run(id, work);

/** Runs a queue message's work under the id it carries; a message without one is its own request. */
export const correlated = <T>(item: { id: string; correlationId?: string }, work: () => Promise<T>) =>
  withCorrelationId(item.correlationId ?? item.id, work);
