/** The email a parent gets when a render they bought (age 19, "queued" in the bundle) is ready. */
import type { Deps } from '../deps';
import type { Email, RenderJobRecord } from '../ports';

export function renderDoneEmail(
  job: Pick<RenderJobRecord, 'age'>,
  notify: { email: string; link: string },
): Email {
  const subject = `Your Age ${job.age} HD photo is ready ✨`;
  const text = [
    'Hello,',
    '',
    `The Age ${job.age} HD photo you bought is ready. See it and download it here:`,
    notify.link,
    '',
    'Little Futures',
  ].join('\n');
  const html = `<p>Hello,</p><p>The Age ${job.age} HD photo you bought is ready.</p><p><a href="${encodeURI(
    notify.link,
  )}">See it and download it</a></p><p>Little Futures</p>`;
  return { to: notify.email, subject, text, html };
}

/** Best effort: the render is done whatever happens here; a failure is logged for an operator. */
export async function notifyRenderDone(deps: Pick<Deps, 'logger' | 'mailer'>, job: RenderJobRecord) {
  if (!job.notify) return;
  try {
    await deps.mailer.send(renderDoneEmail(job, job.notify));
    deps.logger.info('sent a render-ready email', { uploadId: job.uploadId, age: job.age });
  } catch (error) {
    deps.logger.error('could not send the render-ready email', {
      uploadId: job.uploadId,
      age: job.age,
      error: String(error),
    });
  }
}
