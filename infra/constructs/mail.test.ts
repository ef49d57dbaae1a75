import { describe, expect, it } from 'vitest';
import { synthTestStack } from '../testing/synth-test-stack';
import { actionsOf, resourceOf, resourcesOf, roleStatements, text } from '../testing/template-queries';
import { checkMailFrom, DEFAULT_MAIL_FROM } from './mail';

describe('Mail: the sender of the age-19 email', () => {
  it('accepts a bare address and refuses anything SES would not match against ses:FromAddress', () => {
    expect(checkMailFrom(DEFAULT_MAIL_FROM)).toBe('no-reply@example.com');
    expect(checkMailFrom('hello@mail.little-futures.example')).toBe('hello@mail.little-futures.example');
    for (const bad of ['Little Futures <hello@example.com>', 'hello', 'hello@localhost', 'a b@example.com']) {
      expect(() => checkMailFrom(bad), bad).toThrow(/mailFrom/);
    }
  });

  it('gives the worker MAIL_FROM and lets it send from that address only (context mailFrom)', () => {
    const address = 'hello@mail.little-futures.example';
    const t = synthTestStack({ mailFrom: address });
    const worker = t.stack.renderPipeline.worker;
    expect(resourceOf(t.template, worker.function).Properties!.Environment.Variables.MAIL_FROM).toBe(address);
    const ses = roleStatements(t.template, worker.role).filter((s) => actionsOf(s).includes('ses:SendEmail'));
    expect(ses).toHaveLength(1);
    expect(ses[0].Condition).toEqual({ StringEquals: { 'ses:FromAddress': address } });
    expect(resourcesOf(ses[0]).map(text)).toEqual([
      expect.stringContaining(`:identity/${address}"`),
      expect.stringContaining(':identity/mail.little-futures.example"'),
    ]);
    expect(t.template.toJSON().Outputs.MailFrom.Value).toBe(address);
    // Only the worker emails; no API Lambda gets the variable.
    for (const fn of t.stack.api.handlers.values()) {
      expect(resourceOf(t.template, fn.function).Properties!.Environment.Variables.MAIL_FROM).toBeUndefined();
    }
  });
});
