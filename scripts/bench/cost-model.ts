/**
 * The AWS cost model: what 1,000 age previews and 1,000 HD keepsakes cost in AWS (AI
 * providers excluded), from the request counts `bench:load` measured on the local stack and AWS's
 * public list prices (us-east-1, on-demand, no free tier, as published in 2025–2026: check
 * aws.amazon.com/pricing before relying on them). Pure: the bench feeds it its counts.
 */
import type { Counts } from './aws-requests';

export const LIST_PRICES_USD = {
  lambdaPerMillionRequests: 0.2,
  /** Arm64 (the stack's architecture). */
  lambdaPerGbSecond: 0.0000133334,
  httpApiPerMillionRequests: 1.0,
  /** On-demand request units; a read is counted as one unit (strongly consistent, ≤ 4 KB). */
  dynamoPerMillionReadUnits: 0.125,
  dynamoPerMillionWriteUnits: 0.625,
  s3PerThousandPuts: 0.005,
  s3PerThousandGets: 0.0004,
  s3PerGbMonth: 0.023,
  sqsPerMillionRequests: 0.4,
  cloudFrontPerTenThousandRequests: 0.01,
  cloudFrontPerGbOut: 0.085,
  wafPerMillionRequests: 0.6,
  logsPerGbIngested: 0.5,
} as const;

/**
 * What the counts cannot say: compute per invocation (memory × duration, from the stack's memory
 * sizes and the benches' measured durations), what the browser fetches through CloudFront, and what
 * stays stored for how long. Per unit (one age preview or one HD keepsake).
 */
export type UnitAssumptions = {
  /** GB-seconds of Lambda per unit, all invocations together. */
  lambdaGbSeconds: number;
  /** Requests the browser sends through CloudFront (API calls and images) per unit. */
  cloudFrontRequests: number;
  cloudFrontGbOut: number;
  /** Bytes kept in S3 per unit, and for how many months. */
  storedGb: number;
  storedMonths: number;
  /** Log bytes per Lambda invocation. */
  logGbPerInvocation: number;
};

/**
 * The cost model's assumptions (README, "What it costs to run"): compute from the stack's memory
 * sizes and the benches' durations, what the browser fetches, what stays stored for a month.
 */
export const PREVIEW_ASSUMPTIONS: UnitAssumptions = {
  // The render worker (2 GB) about 0.3 s a job; a third of the upload's create and complete (1 GB,
  // 0.35 s, the original decoded); status polls.
  lambdaGbSeconds: 0.6 + 0.35 / 3 + 0.03,
  // API calls, the preview image and a third of the pages' files.
  cloudFrontRequests: 6,
  cloudFrontGbOut: 0.0001,
  // A third of the photo and its clean copy (4.5 MB), the preview and the HD file.
  storedGb: 0.0019,
  storedMonths: 1,
  logGbPerInvocation: 2e-6,
};
export const KEEPSAKE_ASSUMPTIONS: UnitAssumptions = {
  // Upload (1 GB, 0.35 s), cut-out (2 GB, 0.4 s), HD drawing and its files (2 GB, 0.3 s), templates.
  lambdaGbSeconds: 0.35 + 0.8 + 0.6 + 0.03,
  // API calls, a gallery of thumbnails, the template, the pages' files; the HD file (about 1 MB).
  cloudFrontRequests: 28,
  cloudFrontGbOut: 0.002,
  // The photo, the cut-out and its copy, the HD keepsake (exports expire after 30 days).
  storedGb: 0.006,
  storedMonths: 1,
  logGbPerInvocation: 2e-6,
};

export type CostLine = { item: string; usd: number };

const million = 1_000_000;
/** A transaction costs two units per item; the counts do not say how many items: two are assumed. */
const UNITS_PER_TRANSACTION = 4;

function countOf(counts: Counts, service: string, test: (kind: string) => boolean): number {
  let n = 0;
  for (const [key, value] of counts) {
    const [s, kind] = key.split('\t');
    if (s === service && test(kind)) n += value;
  }
  return n;
}

/** The cost of 1,000 units whose counts were measured over `per` units, line by line. */
export function costPerThousand(counts: Counts, per: number, unit: UnitAssumptions): CostLine[] {
  const p = LIST_PRICES_USD;
  const scale = 1000 / per;
  const lambda = countOf(counts, 'Lambda', () => true) * scale;
  const api = countOf(counts, 'Lambda', (k) => k === 'API') * scale;
  const units = (kind: 'read' | 'write') =>
    (countOf(counts, 'DynamoDB', (k) => k.startsWith(kind) && !k.includes('Transact')) +
      UNITS_PER_TRANSACTION *
        countOf(counts, 'DynamoDB', (k) => k.startsWith(kind) && k.includes('Transact'))) *
    scale;
  const s3Puts = countOf(counts, 'S3', (k) => k === 'PUT' || k === 'POST') * scale;
  const s3Gets = countOf(counts, 'S3', (k) => k === 'GET' || k === 'HEAD') * scale;
  const sqs = countOf(counts, 'SQS', () => true) * scale;
  return [
    { item: 'Lambda requests', usd: (lambda / million) * p.lambdaPerMillionRequests },
    { item: 'Lambda compute', usd: unit.lambdaGbSeconds * 1000 * p.lambdaPerGbSecond },
    { item: 'API Gateway (HTTP API)', usd: (api / million) * p.httpApiPerMillionRequests },
    { item: 'DynamoDB reads', usd: (units('read') / million) * p.dynamoPerMillionReadUnits },
    { item: 'DynamoDB writes', usd: (units('write') / million) * p.dynamoPerMillionWriteUnits },
    {
      item: 'S3 requests',
      usd: (s3Puts / 1000) * p.s3PerThousandPuts + (s3Gets / 1000) * p.s3PerThousandGets,
    },
    { item: 'S3 storage', usd: unit.storedGb * unit.storedMonths * 1000 * p.s3PerGbMonth },
    { item: 'SQS', usd: (sqs / million) * p.sqsPerMillionRequests },
    {
      item: 'CloudFront',
      usd:
        ((unit.cloudFrontRequests * 1000) / 10_000) * p.cloudFrontPerTenThousandRequests +
        unit.cloudFrontGbOut * 1000 * p.cloudFrontPerGbOut,
    },
    { item: 'WAF requests', usd: ((unit.cloudFrontRequests * 1000) / million) * p.wafPerMillionRequests },
    { item: 'CloudWatch Logs', usd: lambda * unit.logGbPerInvocation * p.logsPerGbIngested },
  ];
}

export function formatCost(title: string, lines: CostLine[]): string[] {
  const total = lines.reduce((sum, line) => sum + line.usd, 0);
  return [
    `  ${title}: $${total.toFixed(3)}`,
    ...lines.map((line) => `    ${line.item.padEnd(24)} $${line.usd.toFixed(4)}`),
  ];
}
