/**
 * The pack queue's consumer: generation runs, and the scheduler's tick that queues the packs due a
 * scheduled run (the same start as the Generate button). A run that failed its last attempt is
 * cleared from the pack with the reason, so the page stops waiting; its message goes to the DLQ.
 * A domain error (no AI provider for scenes) ends the run at once, with its message.
 */
import { MAX_RENDER_ATTEMPTS, PACK_SCHEDULE_TICK_MINUTES } from '@shared/deployment';
import { messages } from '@shared/messages';
import { z } from 'zod';
import { correlated } from '../correlation';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { SceneGenerator } from '../image-ai';
import type { BatchItem } from '../render/render-batch';
import { isPackDue } from './pack-schedule';
import { startPackGeneration } from './packs';
import { generatePackRun } from './packs-generate';
import type { PackMessage } from './packs-ports';

export const packMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('generate'), packId: z.uuid(), runId: z.uuid() }),
  z.object({ kind: z.literal('scheduled') }),
]);

/** Queues a run of every pack due one now; returns the ids of the packs started. */
export async function enqueueDuePacks(
  deps: Pick<Deps, 'packs' | 'packQueue' | 'clock' | 'logger'>,
): Promise<string[]> {
  const now = deps.clock.now();
  const due = (await deps.packs.listPacks()).filter((pack) =>
    isPackDue(pack, now, PACK_SCHEDULE_TICK_MINUTES * 60_000),
  );
  const started: string[] = [];
  for (const pack of due) {
    const { outcome } = await startPackGeneration(deps, pack.id);
    if (outcome === 'started') started.push(pack.id);
  }
  if (due.length) deps.logger.info('scheduled pack generation', { due: due.length, started });
  return started;
}

/** The pack worker's deps: generation runs draw scenes and store templates. */
export type PackWorkerDeps = Pick<
  Deps,
  'blobs' | 'clock' | 'logger' | 'packQueue' | 'packs' | 'templateImages' | 'templates'
> & { imageAI: SceneGenerator };

/** Returns the ids of the items to retry. */
export async function packBatch(deps: PackWorkerDeps, items: BatchItem[]): Promise<string[]> {
  const failed: string[] = [];
  // One at a time: a run already draws its scenes in parallel.
  for (const item of items) await correlated(item, () => packItem(deps, item, failed));
  return failed;
}

async function packItem(deps: PackWorkerDeps, item: BatchItem, failed: string[]): Promise<void> {
  const message = parseMessage(item.body);
  if (!message) {
    deps.logger.error('unreadable pack message', { messageId: item.id, body: item.body.slice(0, 200) });
    failed.push(item.id);
    return;
  }
  try {
    if (message.kind === 'scheduled') await enqueueDuePacks(deps);
    else {
      const result = await generatePackRun(deps, message.packId, message.runId);
      deps.logger.info('pack run', { ...message, attempt: item.attempt, ...result });
    }
  } catch (error) {
    deps.logger.error('pack message failed', { ...message, attempt: item.attempt, error: String(error) });
    // A domain error (e.g. no provider for generateScene) will not pass on a retry: say why at once.
    const permanent = error instanceof DomainError;
    if (!permanent) failed.push(item.id);
    if (message.kind === 'generate' && (permanent || item.attempt >= MAX_RENDER_ATTEMPTS)) {
      const reason = permanent ? messages[error.messageKey] : messages.packGenerationFailed;
      await deps.packs
        .finishGeneration(message.packId, message.runId, reason)
        .catch((e) => deps.logger.error('could not record the failure', { error: String(e) }));
    }
  }
}

function parseMessage(body: string): PackMessage | null {
  try {
    const result = packMessageSchema.safeParse(JSON.parse(body));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
