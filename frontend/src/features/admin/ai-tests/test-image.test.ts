import { describe, expect, it } from 'vitest';
import { describeFile } from './test-image';

describe('describeFile', () => {
  it('gives the name and a readable size', () => {
    expect(describeFile({ name: 'a.jpg', size: 1000 })).toBe('a.jpg (1 KB)');
    expect(describeFile({ name: 'b.png', size: 2.5 * 1024 * 1024 })).toBe('b.png (2.5 MB)');
  });
});
