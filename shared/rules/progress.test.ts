import { describe, expect, it } from 'vitest';
import { isUploadComplete, progressValue, resultPath } from './progress';

describe('progress timing', () => {
  it('rises by 10 per tick and stops at 90 until complete', () => {
    expect([0, 1, 5, 9, 10, 50].map((t) => progressValue(t, false))).toEqual([0, 10, 50, 90, 90, 90]);
  });
  it('jumps to 100 when complete', () => {
    expect(progressValue(2, true)).toBe(100);
  });
  it('is complete only when every job is finished', () => {
    expect(isUploadComplete([])).toBe(false);
    expect(isUploadComplete([{ status: 'done' }, { status: 'processing' }])).toBe(false);
    expect(isUploadComplete([{ status: 'done' }, { status: 'failed' }])).toBe(true);
  });
  it('adds ?temp=true for visitor uploads', () => {
    expect(resultPath('abc', true)).toBe('/result/abc?temp=true');
    expect(resultPath('abc', false)).toBe('/result/abc');
  });
});
