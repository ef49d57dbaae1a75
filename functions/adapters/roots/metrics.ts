/** Business metrics: EMF where CloudWatch reads it (the stack sets the namespace); in memory elsewhere. */
import { createCountingMetrics, type Metrics } from '../../core/metrics';
import type { AppConfig } from '../config';
import { createEmfMetrics } from '../metrics/emf-metrics';

export const metricsOf = (config: AppConfig): Metrics =>
  config.metricsNamespace ? createEmfMetrics(config.metricsNamespace) : createCountingMetrics();
