/**
 * Business metrics (uploads, renders, compositions, credits spent) through a port, so the use cases
 * never import a metrics library: Lambdas emit CloudWatch EMF (adapters/metrics), the local stack
 * and tests count in memory or log.
 */
export const METRIC_NAMES = [
  'UploadsCompleted',
  'RendersCompleted',
  'RendersFailed',
  'CutoutsMade',
  'FreeCompositions',
  'HdCompositions',
  'CreditsSpent',
  'QuotaRefusals',
  'VisitorSessionsStarted',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export interface Metrics {
  /** Adds `value` (default 1) to a count. Never throws: a metric is not worth a failed request. */
  count(name: MetricName, value?: number): void;
}

export type CountingMetrics = Metrics & { totals: Map<MetricName, number> };

/** Counts in memory: the local stack's metrics, and what tests read back. */
export function createCountingMetrics(): CountingMetrics {
  const totals = new Map<MetricName, number>();
  return { totals, count: (name, value = 1) => void totals.set(name, (totals.get(name) ?? 0) + value) };
}
