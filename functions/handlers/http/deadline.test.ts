import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { beforeDeadline, TimeoutError } from './deadline';

const withRemaining = (ms: number) => ({ getRemainingTimeInMillis: () => ms }) as Context;
const resolvesAfter = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('beforeDeadline', () => {
  it('answers what the work answers when it ends in time', async () => {
    await expect(beforeDeadline(withRemaining(1000), () => resolvesAfter(5, 'done'))).resolves.toBe('done');
  });

  it('rejects with a TimeoutError just before the deadline, not after the work', async () => {
    const started = Date.now();
    await expect(beforeDeadline(withRemaining(50), () => resolvesAfter(1000, 'late'))).rejects.toBeInstanceOf(
      TimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('lets the work take its time where there is no Lambda context (tests, the local stack without one)', async () => {
    await expect(beforeDeadline(undefined, () => resolvesAfter(20, 'done'))).resolves.toBe('done');
    await expect(beforeDeadline({} as Context, () => resolvesAfter(20, 'done'))).resolves.toBe('done');
  });

  it('passes the work’s own failure through', async () => {
    const failure = new Error('boom');
    await expect(beforeDeadline(withRemaining(1000), () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
