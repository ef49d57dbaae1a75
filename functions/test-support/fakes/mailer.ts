/** Mailer that keeps what it sends; `failWith` makes it fail like SES refusing a message. */
import type { Email, Mailer } from '../../core/ports';

export type FakeMailer = Mailer & { sent: Email[]; failWith: Error | null };

export function createFakeMailer(): FakeMailer {
  const mailer: FakeMailer = {
    sent: [],
    failWith: null,
    async send(email) {
      if (mailer.failWith) throw mailer.failWith;
      mailer.sent.push({ ...email });
    },
  };
  return mailer;
}
