/**
 * The local stand-ins for the EventBridge schedules: every `everyMs` each puts exactly the message
 * its schedule sends in AWS on its queue, so the workers run the same use cases: the pack
 * scheduler's tick (due packs) and the render sweeper's (predictions whose webhook never came, and
 * renders stuck past their limit).
 */
import type { Deps } from '../../functions/core/deps';

type Schedule = { stop(): void };

function every(everyMs: number, tick: () => Promise<void>): Schedule {
  const timer = setInterval(tick, everyMs);
  // The first tick at once: what came due while the stack was stopped is handled now.
  void tick();
  return { stop: () => clearInterval(timer) };
}

export function startPackScheduler(deps: Pick<Deps, 'packQueue' | 'logger'>, everyMs: number): Schedule {
  return every(everyMs, () =>
    deps.packQueue
      .enqueue({ kind: 'scheduled' })
      .catch((error) => deps.logger.warn('pack schedule tick failed', { error: String(error) })),
  );
}

export function startRenderSweeper(deps: Pick<Deps, 'renderQueue' | 'logger'>, everyMs: number): Schedule {
  return every(everyMs, () =>
    deps.renderQueue
      .enqueueTask({ kind: 'sweep' })
      .catch((error) => deps.logger.warn('render sweep tick failed', { error: String(error) })),
  );
}
