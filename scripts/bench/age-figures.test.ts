import { describe, expect, it } from 'vitest';
import { type AgeSample, formatAgeTable, parseAgeBenchArgs, summariseAgeSamples } from './age-figures';

const sample = (over: Partial<AgeSample>): AgeSample => ({
  provider: 'offline',
  face: 'a',
  target: 10,
  estimatedAge: 10,
  distance: 0.2,
  ms: 100,
  ...over,
});

describe('bench:age figures', () => {
  it('reads the provider list and a photo folder, and refuses what it does not know', () => {
    expect(parseAgeBenchArgs([])).toEqual({ providers: ['offline', 'replicate'], worker: true });
    expect(parseAgeBenchArgs(['--providers', 'offline'])).toEqual({ providers: ['offline'], worker: true });
    // A real account bills each prediction: asked for, never by default.
    expect(parseAgeBenchArgs([], { hostedAccount: true })).toEqual({ providers: ['offline'], worker: true });
    expect(parseAgeBenchArgs(['--providers=offline,replicate'], { hostedAccount: true }).providers).toEqual([
      'offline',
      'replicate',
    ]);
    expect(
      parseAgeBenchArgs(['--providers', 'offline,replicate', '--photos=/tmp/kids', '--no-worker']),
    ).toEqual({
      providers: ['offline', 'replicate'],
      photosDir: '/tmp/kids',
      worker: false,
    });
    expect(() => parseAgeBenchArgs(['--providers', 'offline,magic'])).toThrow(/offline, replicate/);
    expect(() => parseAgeBenchArgs(['--fast'])).toThrow(/unknown option/);
  });

  it('averages per provider and target, counting results without a face apart', () => {
    const [row] = summariseAgeSamples([
      sample({ estimatedAge: 12, distance: 0.3, ms: 90 }),
      sample({ estimatedAge: 7, distance: 0.7, ms: 110 }),
      sample({ estimatedAge: null, distance: null, ms: 100 }),
    ]);
    expect(row).toMatchObject({ provider: 'offline', target: 10, faces: 3, lost: 1, medianMs: 100 });
    expect(row.meanEstimatedAge).toBeCloseTo(9.5);
    expect(row.meanAbsAgeError).toBeCloseTo(2.5);
    expect(row.meanDistance).toBeCloseTo(0.5);
    // Only one of the three would pass the identity guard.
    expect(row.samePerson).toBeCloseTo(1 / 3);
  });

  it('prints one aligned line per row under a header', () => {
    const rows = summariseAgeSamples([sample({}), sample({ target: 16, provider: 'replicate' })]);
    const lines = formatAgeTable(rows);
    expect(lines).toHaveLength(4);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[3]).toMatch(/^replicate\s+16/);
  });
});
