/** The operators' AI test runs (scene prompts, face swaps): one record per run, kept two days. */
import type { ImageAIProvider } from '../image-ai';

export type AiRunInput =
  | { kind: 'scene'; prompt: string }
  | { kind: 'faceSwap'; backgroundKey: string; faceKey: string };

export type AiRunRecord = {
  id: string;
  input: AiRunInput;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  provider: ImageAIProvider;
  model: string;
  createdBy: string;
  createdAt: string;
  generationTime?: number;
  outputKey?: string;
  error?: string;
  details?: string;
};

export type AiRunResult =
  | { status: 'succeeded'; generationTime: number; outputKey: string }
  | { status: 'failed'; generationTime: number; error: string; details?: string };

export interface AiRunStore {
  create(run: AiRunRecord): Promise<void>;
  get(id: string): Promise<AiRunRecord | null>;
  /** queued -> running; false when the run is not queued (a redelivery of a run already taken). */
  markRunning(id: string): Promise<boolean>;
  finish(id: string, result: AiRunResult): Promise<void>;
}
