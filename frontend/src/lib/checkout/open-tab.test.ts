import { describe, expect, it, vi } from 'vitest';
import { openTab } from './open-tab';

describe('openTab', () => {
  it('opens a new tab and cuts its handle on this page', () => {
    const tab = { opener: {} } as Window;
    const open = vi.fn(() => tab);
    expect(openTab('/checkout?product=all3_hd', open)).toBe(tab);
    expect(open).toHaveBeenCalledWith('/checkout?product=all3_hd', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('reports a blocked popup as null so the caller can navigate this tab instead', () => {
    expect(openTab('/checkout?product=all3_hd', () => null)).toBeNull();
  });
});
