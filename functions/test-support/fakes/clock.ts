/** A clock the test moves by hand; every fake of fakeDeps reads its time from it. */
import type { Clock } from '../../core/ports';

export type FakeClock = Clock & {
  set(at: Date | string): void;
  advance(ms: number): void;
};

export function createFakeClock(start: Date | string = '2030-01-15T10:00:00.000Z'): FakeClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (at) => {
      now = new Date(at).getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export const epochSeconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);
