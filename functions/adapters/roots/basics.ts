/** The logger and the clock every Lambda has. */
import { Logger } from '@aws-lambda-powertools/logger';
import type { Deps } from '../../core/deps';
import type { Clock } from '../../core/ports';
import { correlatedLogger } from '../logging';

export const createLogger = (): Deps['logger'] =>
  correlatedLogger(new Logger({ serviceName: 'little-futures' }));

export const systemClock: Clock = { now: () => new Date() };
