/** PackQueue that records what it was sent; `failWith` makes it refuse like an unreachable SQS. */
import type { PackMessage, PackQueue } from '../../core/admin/packs-ports';
import type { BatchItem } from '../../core/render/render-batch';

export type FakePackQueue = PackQueue & {
  sent: PackMessage[];
  failWith: Error | null;
  /** Hands the messages not yet taken to the worker as SQS would (first delivery). */
  take(): BatchItem[];
};

export function createFakePackQueue(): FakePackQueue {
  let taken = 0;
  const queue: FakePackQueue = {
    sent: [],
    failWith: null,
    async enqueue(message) {
      if (queue.failWith) throw queue.failWith;
      queue.sent.push({ ...message });
    },
    take() {
      const items = queue.sent.slice(taken).map((message, n) => ({
        id: `pack-message-${taken + n}`,
        body: JSON.stringify(message),
        attempt: 1,
      }));
      taken = queue.sent.length;
      return items;
    },
  };
  return queue;
}
