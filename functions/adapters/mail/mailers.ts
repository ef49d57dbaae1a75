/**
 * Mailers: SES v2 in AWS; on the local stack a file outbox (one JSON file per email) that people
 * and tests can read; with neither configured, a mailer that only logs (nothing is sent).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../../core/ports';

export function createSesMailer(ses: SESv2Client, from: string): Mailer {
  return {
    async send(email) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [email.to] },
          Content: {
            Simple: {
              Subject: { Data: email.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: email.text, Charset: 'UTF-8' },
                Html: { Data: email.html, Charset: 'UTF-8' },
              },
            },
          },
        }),
      );
    },
  };
}

export function createOutboxMailer(dir: string, from: string): Mailer {
  return {
    async send(email) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const file = path.join(dir, `${sentAt.replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.json`);
      await writeFile(file, `${JSON.stringify({ from, sentAt, ...email }, null, 2)}\n`);
    },
  };
}

export function createLogOnlyMailer(log: (message: string, extra: object) => void): Mailer {
  return {
    async send(email) {
      log('no mailer configured: email not sent', { to: email.to, subject: email.subject });
    },
  };
}
