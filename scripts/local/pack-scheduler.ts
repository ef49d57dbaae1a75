/**
 * The local stand-in for the EventBridge schedule: every `everyMs` it puts the scheduler's tick on
 * the pack queue, exactly the message the schedule sends in AWS, so the pack worker queues the
 * due packs through the same use case.
 */
import type { Deps } from '../../functions/core/deps';

export function startPackScheduler(deps: Pick<Deps, 'packQueue' | 'logger'>, everyMs: number) {
  const tick = () =>
    deps.packQueue
      .enqueue({ kind: 'scheduled' })
      .catch((error) => deps.logger.warn('pack schedule tick failed', { error: String(error) }));
  const timer = setInterval(tick, everyMs);
  // The first look at once: packs that came due while the stack was stopped start now.
  void tick();
  return { stop: () => clearInterval(timer) };
}
