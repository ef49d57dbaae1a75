/**
 * The Metrics port on Powertools: each count is written at once as one CloudWatch EMF line in the
 * function's log, so nothing waits for the end of an invocation and a crash loses no count.
 */
import { MetricUnit, Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import type { Metrics } from '../../core/metrics';

export function createEmfMetrics(namespace: string, serviceName = 'little-futures'): Metrics {
  const metrics = new PowertoolsMetrics({ namespace, serviceName });
  return {
    count(name, value = 1) {
      try {
        metrics.addMetric(name, MetricUnit.Count, value);
        metrics.publishStoredMetrics();
      } catch {
        // A metric is never worth a failed request.
      }
    },
  };
}
