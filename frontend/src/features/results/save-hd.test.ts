import { describe, expect, it, vi } from 'vitest';
import { dispositionFor, downloadOneByOne, saveMode } from './save-hd';

const file = (age: number) => ({
  age,
  url: `https://s3.example/hd/${age}.jpg?sig=x`,
  fileName: `age-${age}.jpg`,
});

describe('saveMode', () => {
  it('opens a tab below the 768 px breakpoint and downloads files from it on', () => {
    expect(saveMode(390)).toBe('tab');
    expect(saveMode(767)).toBe('tab');
    expect(saveMode(768)).toBe('files');
    expect(saveMode(1280)).toBe('files');
  });

  it('asks the server for the matching Content-Disposition', () => {
    expect(dispositionFor('tab')).toBe('inline');
    expect(dispositionFor('files')).toBe('attachment');
  });
});

describe('downloadOneByOne', () => {
  it('starts every file in order, 300 ms apart', async () => {
    const events: string[] = [];
    const wait = vi.fn(async (ms: number) => {
      events.push(`wait ${ms}`);
    });
    await downloadOneByOne([file(10), file(16), file(21)], (f) => events.push(`start ${f.age}`), wait);
    expect(events).toEqual(['start 10', 'wait 300', 'start 16', 'wait 300', 'start 21']);
  });

  it('does not wait for a single file', async () => {
    const wait = vi.fn(async () => undefined);
    const start = vi.fn();
    await downloadOneByOne([file(10)], start, wait);
    expect(start).toHaveBeenCalledOnce();
    expect(wait).not.toHaveBeenCalled();
  });
});
