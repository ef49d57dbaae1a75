/** Ports of the pack manager: the packs in the table, the pack queue, and a template's files from a generated image. */
import type { PackFrequency, PackGeneration, PackStatus } from '@shared/schemas/admin-packs';
import type { TemplateCategory } from '@shared/templates';

export type PackRecord = {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  generationFrequency: PackFrequency;
  scheduledGeneration: boolean;
  status: PackStatus;
  createdAt: string;
  /** Membership items of the pack; kept on the pack item by the same transaction that adds one. */
  templateCount: number;
  /** The run in progress, recorded by one conditional write: at most one at a time. */
  generation?: PackGeneration;
  /** When the last run started (scheduled runs count their period from it). */
  lastGeneratedAt?: string;
  lastError?: string;
};

export type StartGenerationResult = 'started' | 'running' | 'missing';

export interface PackStore {
  /** A new pack (its id is new, so it never overwrites one). */
  createPack(pack: PackRecord): Promise<void>;
  getPack(id: string): Promise<PackRecord | null>;
  /** Every pack, newest first, through the PACKS index (operators make a handful: no paging). */
  listPacks(): Promise<PackRecord[]>;
  /** The pack with its new status, or null when it does not exist. */
  setStatus(id: string, status: PackStatus): Promise<PackRecord | null>;
  /**
   * Records `generation` and sets lastGeneratedAt to its start, only if no run is recorded or the
   * recorded one started before `staleBefore` (a worker that died): one conditional write.
   */
  startGeneration(
    id: string,
    generation: PackGeneration,
    staleBefore: string,
  ): Promise<StartGenerationResult>;
  /** Ids of the pack's templates (its membership items). */
  listTemplateIds(packId: string): Promise<string[]>;
  /**
   * The membership item (only if absent) and the pack's count + 1, in one transaction; false when
   * the template already was a member (a redelivered message) and nothing changed.
   */
  addTemplate(packId: string, templateId: string, at: string): Promise<boolean>;
  /** How many of the run's scenes are stored; nothing when the run is no longer the pack's. */
  recordProgress(packId: string, runId: string, done: number): Promise<void>;
  /** Clears the run if it is still the pack's, recording why it stopped early (or clearing that). */
  finishGeneration(packId: string, runId: string, error?: string): Promise<void>;
}

/** A generation run of one pack, or the scheduler's tick ("queue the packs that are due"). */
export type PackMessage = { kind: 'generate'; packId: string; runId: string } | { kind: 'scheduled' };

export interface PackQueue {
  enqueue(message: PackMessage): Promise<void>;
}
