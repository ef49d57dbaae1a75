/** RenderQueue that records what it was sent; `failWith` makes it refuse like an unreachable SQS. */
import type { RenderMessage, RenderQueue } from '../../core/ports';
import type { BatchItem } from '../../core/render/render-batch';
import type { RenderTask } from '../../core/render/render-tasks';

export type FakeRenderQueue = RenderQueue & {
  sent: RenderMessage[];
  /** Tasks (prediction checks, sweeps, test runs), in order. */
  tasks: RenderTask[];
  /** When set, enqueue throws it and sends nothing. */
  failWith: Error | null;
  /** Hands the messages not yet taken to the worker as SQS would (first delivery). */
  take(): BatchItem[];
};

export function createFakeRenderQueue(): FakeRenderQueue {
  let taken = 0;
  const queue: FakeRenderQueue = {
    sent: [],
    tasks: [],
    failWith: null,
    async enqueueTask(task) {
      if (queue.failWith) throw queue.failWith;
      queue.tasks.push({ ...task });
    },
    async enqueue(messages) {
      if (queue.failWith) throw queue.failWith;
      queue.sent.push(...messages.map((message) => ({ ...message })));
    },
    take() {
      const items = queue.sent.slice(taken).map((message, n) => ({
        id: `message-${taken + n}`,
        body: JSON.stringify(message),
        attempt: 1,
      }));
      taken = queue.sent.length;
      return items;
    },
  };
  return queue;
}
