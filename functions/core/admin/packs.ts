/**
 * The pack manager's use cases (docs/product.md#pack-manager): list, create, publish or
 * unpublish, and Generate, which records the run on the pack (one conditional write, so a repeated
 * click never doubles the work) and queues it for the pack worker, answering at once.
 */

import { messages } from '@shared/messages';
import {
  type createPackRequestSchema,
  PACK_SCENES_PER_RUN,
  type PackList,
  type PackStatus,
  type PackView,
} from '@shared/schemas/admin-packs';
import type { z } from 'zod';
import type { Deps } from '../deps';
import { DomainError } from '../errors';
import type { PackRecord } from './packs-ports';

/** A run recorded longer ago than this lost its worker (5 scenes take seconds): Generate may start anew. */
export const STALE_GENERATION_MS = 15 * 60 * 1000;

export function toPackView(pack: PackRecord): PackView {
  return {
    packId: pack.id,
    name: pack.name,
    description: pack.description,
    category: pack.category,
    generationFrequency: pack.generationFrequency,
    scheduledGeneration: pack.scheduledGeneration,
    status: pack.status,
    createdAt: pack.createdAt,
    templateCount: pack.templateCount,
    generation: pack.generation ?? null,
    lastGeneratedAt: pack.lastGeneratedAt ?? null,
    lastError: pack.lastError ?? null,
  };
}

export async function listPacks(deps: Pick<Deps, 'packs'>): Promise<PackList> {
  return { packs: (await deps.packs.listPacks()).map(toPackView) };
}

export async function createPack(
  deps: Pick<Deps, 'packs' | 'clock'>,
  input: z.output<typeof createPackRequestSchema>,
): Promise<{ pack: PackView }> {
  const name = input.name.trim();
  if (!name || !input.category) throw new DomainError('invalid', 'packNameCategoryRequired');
  const pack: PackRecord = {
    id: crypto.randomUUID(),
    name,
    description: input.description.trim(),
    category: input.category,
    generationFrequency: input.generationFrequency,
    scheduledGeneration: input.scheduledGeneration,
    status: 'draft',
    createdAt: deps.clock.now().toISOString(),
    templateCount: 0,
  };
  await deps.packs.createPack(pack);
  return { pack: toPackView(pack) };
}

export async function updatePackStatus(
  deps: Pick<Deps, 'packs'>,
  packId: string,
  status: PackStatus,
): Promise<{ pack: PackView }> {
  const pack = await deps.packs.setStatus(packId, status);
  if (!pack) throw new DomainError('not_found', 'packNotFound');
  return { pack: toPackView(pack) };
}

/** Starts a run of the pack; 'running' when one is already in progress (nothing is queued then). */
export async function startPackGeneration(
  deps: Pick<Deps, 'packs' | 'packQueue' | 'clock' | 'logger'>,
  packId: string,
): Promise<{ outcome: 'started' | 'running'; pack: PackRecord }> {
  const now = deps.clock.now();
  const generation = {
    runId: crypto.randomUUID(),
    startedAt: now.toISOString(),
    done: 0,
    total: PACK_SCENES_PER_RUN,
  };
  const staleBefore = new Date(now.getTime() - STALE_GENERATION_MS).toISOString();
  const result = await deps.packs.startGeneration(packId, generation, staleBefore);
  if (result === 'missing') throw new DomainError('not_found', 'packNotFound');
  if (result === 'started') {
    try {
      await deps.packQueue.enqueue({ kind: 'generate', packId, runId: generation.runId });
    } catch (error) {
      // Nothing will run: free the pack so Generate can be tried again.
      await deps.packs.finishGeneration(packId, generation.runId, messages.packGenerationFailed);
      throw error;
    }
  }
  const pack = await deps.packs.getPack(packId);
  if (!pack) throw new DomainError('not_found', 'packNotFound');
  deps.logger.info('pack generation', { packId, outcome: result, runId: pack.generation?.runId });
  return { outcome: result, pack };
}

/** POST /api/admin/packs/{packId}/generate: 409 while a run is in progress. */
export async function generatePack(
  deps: Pick<Deps, 'packs' | 'packQueue' | 'clock' | 'logger'>,
  packId: string,
): Promise<{ pack: PackView }> {
  const { outcome, pack } = await startPackGeneration(deps, packId);
  if (outcome === 'running') throw new DomainError('conflict', 'packGenerationRunning');
  return { pack: toPackView(pack) };
}
