import { describe, expect, it, vi } from 'vitest';
import { shareNatively, shareOutcomeToast } from './native-share';

const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'my-baby-future.jpg', { type: 'image/jpeg' });
const details = { title: 'T', text: 'x' };

describe('shareNatively', () => {
  it('reports unsupported when the browser has no share()', async () => {
    expect(await shareNatively({}, file, details)).toBe('unsupported');
  });

  it('reports unsupported when the browser cannot share files', async () => {
    const share = vi.fn();
    expect(await shareNatively({ share, canShare: () => false }, file, details)).toBe('unsupported');
    expect(share).not.toHaveBeenCalled();
  });

  it('shares the file with title and text', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    expect(await shareNatively({ share, canShare: () => true }, file, details)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ files: [file], title: 'T', text: 'x' });
  });

  it('stays silent when the parent cancels', async () => {
    const share = async () => {
      throw new DOMException('Share canceled', 'AbortError');
    };
    expect(await shareNatively({ share }, file, details)).toBe('cancelled');
  });

  it('reports other errors as a failure', async () => {
    const share = async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    };
    expect(await shareNatively({ share }, file, details)).toBe('failed');
  });
});

describe('shareOutcomeToast', () => {
  it('maps each outcome to its share message', () => {
    expect(shareOutcomeToast('shared')).toEqual({ kind: 'success', message: 'Shared successfully!' });
    expect(shareOutcomeToast('unsupported')).toEqual({
      kind: 'error',
      message: 'Sharing not supported on this device',
    });
    expect(shareOutcomeToast('failed')).toEqual({ kind: 'error', message: 'Failed to share' });
    expect(shareOutcomeToast('cancelled')).toBeNull();
  });
});
