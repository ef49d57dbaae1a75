import { describe, expect, it } from 'vitest';
import { pickShareJobs, shareLayout, shareText } from './share-layout';

describe('share composite', () => {
  it('lays out 3 tiles of 400 px with 20 px padding and 120 px caption bands', () => {
    const layout = shareLayout([10, 16, 21]);
    expect(layout.width).toBe(3 * 400 + 4 * 20);
    expect(layout.height).toBe(400 + 2 * 120);
    expect(layout.tiles.map((t) => [t.x, t.label])).toEqual([
      [20, 'Age 10'],
      [440, 'Age 16'],
      [860, 'Age 21'],
    ]);
  });
  it('uses the three lowest ready ages', () => {
    const jobs = [21, 5, 16, 10].map((age) => ({ age, previewUrl: `/p/${age}` }));
    expect(pickShareJobs(jobs)?.map((j) => j.age)).toEqual([5, 10, 16]);
  });
  it('needs three ready images', () => {
    expect(
      pickShareJobs([
        { age: 10, previewUrl: '/a' },
        { age: 16, previewUrl: null },
        { age: 21, previewUrl: '/b' },
      ]),
    ).toBeNull();
  });
  it('links to the results page in the tweet and the sharer', () => {
    const links = shareText('https://example.com', 'id-1', [10, 16, 21]);
    expect(decodeURIComponent(links.twitter)).toContain('url=https://example.com/result/id-1');
    expect(decodeURIComponent(links.facebook)).toContain('u=https://example.com/result/id-1');
  });
  it('names the ages the composite shows, not always 10, 16 and 21', () => {
    expect(shareText('https://example.com', 'id-1', [10, 16, 21]).text).toContain('ages 10, 16 and 21');
    const afterBundle = shareText('https://example.com', 'id-1', [2, 5, 10]);
    expect(afterBundle.text).toContain('ages 2, 5 and 10');
    expect(decodeURIComponent(afterBundle.twitter)).toContain('ages 2, 5 and 10');
  });
});
