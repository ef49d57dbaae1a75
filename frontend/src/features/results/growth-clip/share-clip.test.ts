import { describe, expect, it } from 'vitest';
import { canShareFile, shareClip } from './share-clip';

const file = new File([new Uint8Array([1])], 'my-baby-grows.mp4', { type: 'video/mp4' });

describe('shareClip', () => {
  it('shares the file when the browser can share it', async () => {
    const shared: ShareData[] = [];
    const nav = { canShare: () => true, share: async (data: ShareData) => void shared.push(data) };
    expect(await shareClip(nav, file)).toBe('shared');
    expect(shared[0].files).toEqual([file]);
  });

  it('does not offer sharing where files cannot be shared', async () => {
    const nav = { canShare: () => false, share: async () => undefined };
    expect(canShareFile(nav, file)).toBe(false);
    expect(canShareFile({}, file)).toBe(false);
    expect(await shareClip(nav, file)).toBe('unsupported');
  });

  it('is silent when the parent closes the sheet, and reports other errors', async () => {
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    expect(await shareClip({ canShare: () => true, share: () => Promise.reject(abort) }, file)).toBe(
      'cancelled',
    );
    expect(await shareClip({ canShare: () => true, share: () => Promise.reject(new Error('x')) }, file)).toBe(
      'failed',
    );
  });
});
