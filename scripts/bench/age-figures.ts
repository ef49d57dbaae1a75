/** The figures of `npm run bench:age`, as pure functions: options, per-provider summaries, the table. */

import { IDENTITY_MAX_DISTANCE } from '@shared/rules/identity';
import { IMAGE_AI_PROVIDERS, type ImageAIProvider } from '../../functions/core/image-ai';

/** One aged face: what face-api reads in the result, and how far its identity moved from the original. */
export type AgeSample = {
  provider: ImageAIProvider;
  face: string;
  target: number;
  /** null when the result has no face face-api can find (or the call failed: see `error`). */
  estimatedAge: number | null;
  distance: number | null;
  ms: number;
  error?: string;
};

export type AgeRow = {
  provider: ImageAIProvider;
  target: number;
  faces: number;
  /** Results without a readable face (or failed calls): left out of the means, counted here. */
  lost: number;
  meanEstimatedAge: number;
  meanAbsAgeError: number;
  meanDistance: number;
  /** Share of results the identity guard would accept (distance under IDENTITY_MAX_DISTANCE). */
  samePerson: number;
  medianMs: number;
};

export type AgeBenchOptions = {
  providers: ImageAIProvider[];
  photosDir?: string;
  /** With replicate: also time the render worker's own part of a hosted job (a throwaway local stack). */
  worker: boolean;
};

/**
 * Offline beside hosted by default: without an account the hosted one is the local fake of its API
 * (the table says so), which still times the worker's own part for real. With an API token, the real
 * model is only called when asked for (`--providers offline,replicate`): it bills every prediction.
 */
export function parseAgeBenchArgs(
  argv: readonly string[],
  { hostedAccount = false }: { hostedAccount?: boolean } = {},
): AgeBenchOptions {
  const options: AgeBenchOptions = {
    providers: hostedAccount ? ['offline'] : ['offline', 'replicate'],
    worker: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--providers') {
      const names = value()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter((name) => !(IMAGE_AI_PROVIDERS as readonly string[]).includes(name));
      if (unknown.length || names.length === 0) {
        throw new Error(
          `--providers takes a list of ${IMAGE_AI_PROVIDERS.join(', ')}; got "${names.join(',')}"`,
        );
      }
      options.providers = [...new Set(names)] as ImageAIProvider[];
    } else if (flag === '--no-worker') {
      options.worker = false;
    } else if (flag === '--photos') {
      options.photosDir = value();
    } else {
      throw new Error(
        `unknown option ${argv[i]} (options: --providers offline,replicate  --photos <folder>  --no-worker)`,
      );
    }
  }
  return options;
}

const mean = (values: number[]) =>
  values.length ? values.reduce((s, v) => s + v, 0) / values.length : Number.NaN;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};

/** One row per provider and target, in the order the samples came. */
export function summariseAgeSamples(samples: readonly AgeSample[]): AgeRow[] {
  const groups = new Map<string, AgeSample[]>();
  for (const sample of samples) {
    const key = `${sample.provider}:${sample.target}`;
    groups.set(key, [...(groups.get(key) ?? []), sample]);
  }
  return [...groups.values()].map((group) => {
    const read = group.filter(
      (s): s is AgeSample & { estimatedAge: number; distance: number } =>
        s.estimatedAge !== null && s.distance !== null,
    );
    return {
      provider: group[0].provider,
      target: group[0].target,
      faces: group.length,
      lost: group.length - read.length,
      meanEstimatedAge: mean(read.map((s) => s.estimatedAge)),
      meanAbsAgeError: mean(read.map((s) => Math.abs(s.estimatedAge - s.target))),
      meanDistance: mean(read.map((s) => s.distance)),
      samePerson: read.filter((s) => s.distance < IDENTITY_MAX_DISTANCE).length / group.length,
      medianMs: median(group.filter((s) => !s.error).map((s) => s.ms)),
    };
  });
}

const cell = (value: number, digits = 1) => (Number.isNaN(value) ? '–' : value.toFixed(digits));

export function formatAgeTable(rows: readonly AgeRow[]): string[] {
  const header = [
    'provider',
    'target',
    'faces',
    'no face',
    'est. age',
    '|est − target|',
    'identity dist.',
    'same person',
    'ms/job',
  ];
  const lines = rows.map((row) => [
    row.provider,
    String(row.target),
    String(row.faces),
    String(row.lost),
    cell(row.meanEstimatedAge),
    cell(row.meanAbsAgeError),
    cell(row.meanDistance, 3),
    `${Math.round(row.samePerson * 100)} %`,
    cell(row.medianMs, 0),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (line: string[]) =>
    line.map((value, i) => (i < 1 ? value.padEnd(widths[i]) : value.padStart(widths[i]))).join('  ');
  return [format(header), widths.map((w) => '─'.repeat(w)).join('  '), ...lines.map(format)];
}
