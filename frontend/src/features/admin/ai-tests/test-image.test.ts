import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { describeFile, testImageProblem } from './test-image';

describe('testImageProblem', () => {
  it('accepts a JPEG or a PNG', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'IMAGE/PNG']) {
      expect(testImageProblem({ type })).toBeNull();
    }
  });

  it('asks for an image file for anything else', () => {
    for (const type of ['text/plain', 'application/pdf', 'image/gif', 'image/webp', 'image/heic', '']) {
      expect(testImageProblem({ type })).toBe(messages.notAnImage);
    }
  });
});

describe('describeFile', () => {
  it('gives the name and a readable size', () => {
    expect(describeFile({ name: 'a.jpg', size: 1000 })).toBe('a.jpg (1 KB)');
    expect(describeFile({ name: 'b.png', size: 2.5 * 1024 * 1024 })).toBe('b.png (2.5 MB)');
  });
});
