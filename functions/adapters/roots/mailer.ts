/** Transactional email: files in an outbox (local stack), SES, or a log line when no sender is configured. */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Deps } from '../../core/deps';
import type { Mailer } from '../../core/ports';
import type { AppConfig } from '../config';
import { createLogOnlyMailer, createOutboxMailer, createSesMailer } from '../mail/mailers';
import { awsClientConfig, type RootOptions } from './options';

export function mailerOf(config: AppConfig, logger: Deps['logger'], options: RootOptions): Mailer {
  if (config.mailOutboxDir)
    return createOutboxMailer(config.mailOutboxDir, config.mailFrom ?? 'local@localhost');
  if (config.mailFrom)
    return createSesMailer(new SESv2Client(awsClientConfig(config, options)), config.mailFrom);
  return createLogOnlyMailer((message, extra) => logger.warn(message, { ...extra }));
}
