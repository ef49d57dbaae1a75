import type { UploadView } from '@shared/schemas/uploads';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../../../lib/api-client', () => ({ callApi }));
const { unmarkedPictures } = await import('./unmarked-pictures');

const job = (age: number, hdUnlocked = true) => ({
  age,
  status: 'done',
  previewUrl: `https://cdn.example/${age}.jpg`,
  hdUnlocked,
});
const upload = (overrides: Partial<UploadView> = {}) =>
  ({ uploadId: 'u1', viewerIsOwner: true, jobs: [job(10), job(16)], ...overrides }) as unknown as UploadView;

describe("the owner's unmarked clip pictures", () => {
  beforeEach(() => callApi.mockReset());

  it('hands back every age when the server sends them all', async () => {
    callApi.mockResolvedValue({
      images: [
        { age: 10, image: 'data:a' },
        { age: 16, image: 'data:b' },
      ],
    });
    const { pictures, missed } = await unmarkedPictures(upload());
    expect([pictures?.get(10), pictures?.get(16), missed]).toEqual(['data:a', 'data:b', false]);
  });

  it('says they were missed when the call fails or an age is missing, so the page can tell the parent', async () => {
    callApi.mockRejectedValue(new Error('network'));
    expect(await unmarkedPictures(upload())).toEqual({ pictures: null, missed: true });
    callApi.mockResolvedValue({ images: [{ age: 10, image: 'data:a' }] });
    expect(await unmarkedPictures(upload())).toEqual({ pictures: null, missed: true });
  });

  it('asks nothing for a stranger or a clip with a locked age, and misses nothing', async () => {
    expect(await unmarkedPictures(upload({ viewerIsOwner: false }))).toEqual({
      pictures: null,
      missed: false,
    });
    expect(
      await unmarkedPictures(upload({ jobs: [job(10), job(16, false)] } as Partial<UploadView>)),
    ).toEqual({
      pictures: null,
      missed: false,
    });
    expect(callApi).not.toHaveBeenCalled();
  });
});
