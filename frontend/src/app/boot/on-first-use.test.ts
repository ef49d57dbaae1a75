import { describe, expect, it, vi } from 'vitest';
import { FIRST_USE_EVENTS, IDLE_START_MS, onFirstUse, type UseSignals } from './on-first-use';

/** A document to dispatch on, and the load and idle timers as switches the test flips. */
function fakePage() {
  const target = new EventTarget();
  let loaded: (() => void) | undefined;
  let idle: { ms: number; callback: () => void } | undefined;
  const signals: UseSignals = {
    target,
    onLoad: (callback) => {
      loaded = callback;
    },
    whenIdleAfter: (ms, callback) => {
      idle = { ms, callback };
    },
  };
  return {
    signals,
    target,
    load: () => loaded?.(),
    idle: () => idle,
  };
}

describe('onFirstUse', () => {
  it.each(FIRST_USE_EVENTS)('starts on the first %s, once', (type) => {
    const page = fakePage();
    const start = vi.fn();
    onFirstUse(start, page.signals);
    expect(start).not.toHaveBeenCalled();
    page.target.dispatchEvent(new Event(type));
    page.target.dispatchEvent(new Event(type));
    page.target.dispatchEvent(new Event('keydown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not start on events that are no sign of use', () => {
    const page = fakePage();
    const start = vi.fn();
    onFirstUse(start, page.signals);
    for (const type of ['load', 'resize', 'visibilitychange', 'pageshow'])
      page.target.dispatchEvent(new Event(type));
    expect(start).not.toHaveBeenCalled();
  });

  it('starts once the loaded page has sat idle, and not again on use', () => {
    const page = fakePage();
    const start = vi.fn();
    onFirstUse(start, page.signals);
    expect(page.idle()).toBeUndefined();
    page.load();
    expect(page.idle()?.ms).toBe(IDLE_START_MS);
    expect(start).not.toHaveBeenCalled();
    page.idle()?.callback();
    page.target.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('ignores the idle timer after a use', () => {
    const page = fakePage();
    const start = vi.fn();
    onFirstUse(start, page.signals);
    page.target.dispatchEvent(new Event('scroll'));
    page.load();
    page.idle()?.callback();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
