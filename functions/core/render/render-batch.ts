/**
 * A batch of render messages. Jobs of one upload share one face detection: the first job of each
 * upload detects, the others reuse its face and render in parallel.
 */
import { PREVIEW_AGES, UPSELL_AGES } from '@shared/catalog';
import { z } from 'zod';
import type { Deps } from '../deps';
import type { FaceBox, RenderMessage } from '../ports';
import { recordRenderFailure, renderJob } from './render-job';

const ages = [...PREVIEW_AGES, ...UPSELL_AGES] as number[];
export const renderMessageSchema = z.object({
  uploadId: z.uuid(),
  age: z.number().refine((n) => ages.includes(n), 'unknown target age'),
});

export type BatchItem = { id: string; body: string; attempt: number };

/** Returns the ids of the items to retry. */
export async function renderBatch(deps: Deps, items: BatchItem[]): Promise<string[]> {
  const failed: string[] = [];
  const groups = new Map<string, { item: BatchItem; message: RenderMessage }[]>();
  for (const item of items) {
    const parsed = parseMessage(item.body);
    if (!parsed) {
      // Unreadable messages are retried and then land in the DLQ for an engineer to look at.
      deps.logger.error('unreadable render message', { messageId: item.id, body: item.body.slice(0, 200) });
      failed.push(item.id);
      continue;
    }
    const group = groups.get(parsed.uploadId) ?? [];
    group.push({ item, message: parsed });
    groups.set(parsed.uploadId, group);
  }

  await Promise.all(
    [...groups.values()].map(async ([first, ...rest]) => {
      const firstResult = await attempt(deps, first.item, first.message, undefined, failed);
      const face = firstResult?.outcome === 'done' ? firstResult.face : undefined;
      await Promise.all(rest.map(({ item, message }) => attempt(deps, item, message, face, failed)));
    }),
  );
  return failed;
}

async function attempt(
  deps: Deps,
  item: BatchItem,
  message: RenderMessage,
  face: FaceBox | undefined,
  failed: string[],
) {
  try {
    const result = await renderJob(deps, message, { face });
    deps.logger.info('render job', { ...message, attempt: item.attempt, ...result });
    return result;
  } catch (error) {
    failed.push(item.id);
    await recordRenderFailure(deps, message, item.attempt, error).catch((e) =>
      deps.logger.error('could not record the failure', { error: String(e) }),
    );
    return undefined;
  }
}

function parseMessage(body: string): RenderMessage | null {
  try {
    const result = renderMessageSchema.safeParse(JSON.parse(body));
    return result.success ? (result.data as RenderMessage) : null;
  } catch {
    return null;
  }
}
