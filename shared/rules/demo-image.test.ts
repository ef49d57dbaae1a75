import { describe, expect, it } from 'vitest';
import { demoImageSettingOf, describeDemoImage } from './demo-image';

describe('demoImageSettingOf', () => {
  it('reads the three forms', () => {
    expect(demoImageSettingOf(' https://images.example/a portrait.jpg ')).toEqual({
      kind: 'url',
      url: 'https://images.example/a%20portrait.jpg',
    });
    expect(demoImageSettingOf('data:image/JPEG;base64,/9j/\n4AAQ==')).toEqual({
      kind: 'data',
      mediaType: 'image/jpeg',
      base64: '/9j/4AAQ==',
    });
    expect(demoImageSettingOf('renders:demo/portrait.jpg')).toEqual({
      kind: 'object',
      bucket: 'renders',
      key: 'demo/portrait.jpg',
    });
  });

  it('keeps anything else with what is wrong with it', () => {
    expect(demoImageSettingOf('http://images.example/a.jpg')).toEqual({
      kind: 'invalid',
      problem: 'a URL must use https://',
    });
    expect(demoImageSettingOf('data:text/plain;base64,aGk=')).toMatchObject({ kind: 'invalid' });
    expect(demoImageSettingOf('data:image/png,raw')).toMatchObject({ kind: 'invalid' });
    expect(demoImageSettingOf('portrait.jpg')).toMatchObject({ kind: 'invalid' });
    expect(demoImageSettingOf('site:portrait.jpg')).toMatchObject({ kind: 'invalid' });
  });

  it('describes a data: URL by its size, never its contents', () => {
    const setting = demoImageSettingOf(`data:image/jpeg;base64,${'A'.repeat(4096)}`);
    expect(describeDemoImage(setting)).toBe('a data: URL (image/jpeg, 3 KB)');
  });
});
