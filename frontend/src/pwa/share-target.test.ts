import { describe, expect, it } from 'vitest';
import { isSharedPhotoPage, withoutSharedFlag } from './share-target';

describe('the share flow flag', () => {
  it('marks only ?shared=1 as a page of the flow', () => {
    expect(isSharedPhotoPage('?shared=1')).toBe(true);
    expect(isSharedPhotoPage('theme=Fantasy&shared=1')).toBe(true);
    expect(isSharedPhotoPage('?shared=0')).toBe(false);
    expect(isSharedPhotoPage('')).toBe(false);
  });

  it('drops the flag and keeps the other parameters', () => {
    expect(withoutSharedFlag('/moments/editor/abc', '?shared=1')).toBe('/moments/editor/abc');
    expect(withoutSharedFlag('/moments', '?theme=Fantasy&shared=1')).toBe('/moments?theme=Fantasy');
  });
});
