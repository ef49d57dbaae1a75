/**
 * The replicate provider's configuration, read once per container from the environment (README,
 * "Hosted AI (Replicate)"). Every problem is reported at start, all at once, so a container with a
 * mistyped model or price never starts rather than failing job after job.
 */
import { type InputTemplate, templateProblem } from './input-template';
import { MODEL_SLOTS, type ModelSlot, SLOT_DEFAULTS } from './replicate-defaults';

export const REPLICATE_API_BASE = 'https://api.replicate.com/v1';
export const DEFAULT_TIMEOUT_SECONDS = 120;

/** `owner/name` (an official model: POST /models/{owner}/{name}/predictions) or `owner/name:version`. */
export type ModelRef = { id: string; owner: string; name: string; version?: string };
/** A list price: per run (official models) or per second of `predict_time` (hardware-billed models). */
export type Price = { usd: number; per: 'run' | 'second' };
export type SlotConfig = { model: ModelRef; input: InputTemplate; price: Price | null };

export type ReplicateConfig = {
  apiBase: string;
  /** The token given directly (local stack, tests)... */
  apiToken?: string;
  /** ...or a Secrets Manager secret {"apiToken","webhookSecret"} read once per container (AWS). */
  secretArn?: string;
  /** Else taken from the secret, else fetched once from GET /webhooks/default/secret. */
  webhookSecret?: string;
  /** How long a synchronous capability waits for its prediction before cancelling it. */
  timeoutSeconds: number;
  slots: Record<ModelSlot, SlotConfig>;
};

const SUFFIXES: Record<ModelSlot, string> = {
  ageProgress: 'AGE_PROGRESS',
  removeBackground: 'REMOVE_BACKGROUND',
  faceSwap: 'FACE_SWAP',
  generateScene: 'GENERATE_SCENE',
  promptTest: 'HF_TEST',
};
const KINDS = ['MODEL', 'INPUT', 'PRICE'] as const;
type Kind = (typeof KINDS)[number];

/** `REPLICATE_MODEL_AGE_PROGRESS`, `REPLICATE_PRICE_HF_TEST`... */
export const slotVariable = (kind: Kind, slot: ModelSlot) => `REPLICATE_${kind}_${SUFFIXES[slot]}`;

const MODEL_ID = /^([A-Za-z0-9][\w.-]*)\/([A-Za-z0-9][\w.-]*)(?::([\w.-]+))?$/;
const PRICE = /^(\d+(?:\.\d+)?)\/(run|s)$/;

export function parseModelRef(value: string): ModelRef | null {
  const m = MODEL_ID.exec(value.trim());
  if (!m) return null;
  return { id: value.trim(), owner: m[1], name: m[2], ...(m[3] ? { version: m[3] } : {}) };
}

export function parsePrice(value: string): Price | null {
  const m = PRICE.exec(value.replace(/\s+/g, ''));
  if (!m) return null;
  return { usd: Number(m[1]), per: m[2] === 'run' ? 'run' : 'second' };
}

export class ReplicateConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Replicate configuration: ${problems.join('; ')}`);
    this.name = 'ReplicateConfigError';
  }
}

function slotConfigOf(env: NodeJS.ProcessEnv, slot: ModelSlot, problems: string[]): SlotConfig {
  const defaults = SLOT_DEFAULTS[slot];
  const fallbackModel = parseModelRef(defaults.model) as ModelRef;
  const modelVariable = slotVariable('MODEL', slot);
  let model = fallbackModel;
  if (env[modelVariable]) {
    const parsed = parseModelRef(env[modelVariable]);
    if (parsed) model = parsed;
    else
      problems.push(`${modelVariable} must be owner/name or owner/name:version; got "${env[modelVariable]}"`);
  }

  const inputVariable = slotVariable('INPUT', slot);
  let input = defaults.input;
  if (env[inputVariable]) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env[inputVariable]);
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      problems.push(`${inputVariable} must be a JSON object of the model's inputs`);
    } else {
      input = parsed as InputTemplate;
      const problem = templateProblem(slot, input);
      if (problem) problems.push(`${inputVariable} ${problem}`);
    }
  }

  const priceVariable = slotVariable('PRICE', slot);
  // A default price belongs to the default model: another model has no price (its cost is logged
  // as unknown) rather than a price that is not its own.
  const sameModel = model.owner === fallbackModel.owner && model.name === fallbackModel.name;
  let price = sameModel && defaults.price ? parsePrice(defaults.price) : null;
  if (env[priceVariable]) {
    price = parsePrice(env[priceVariable]);
    if (!price)
      problems.push(`${priceVariable} must look like 0.04/run or 0.0014/s; got "${env[priceVariable]}"`);
  }
  return { model, input, price };
}

function apiBaseOf(env: NodeJS.ProcessEnv, problems: string[]): string {
  const value = env.REPLICATE_API_BASE;
  if (!value) return REPLICATE_API_BASE;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push(`REPLICATE_API_BASE must be an http(s) URL such as ${REPLICATE_API_BASE}; got "${value}"`);
  return REPLICATE_API_BASE;
}

function timeoutOf(env: NodeJS.ProcessEnv, problems: string[]): number {
  const value = env.REPLICATE_TIMEOUT_SECONDS;
  if (!value) return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds > 0 && seconds <= 900) return seconds;
  problems.push(`REPLICATE_TIMEOUT_SECONDS must be a number of seconds between 0 and 900; got "${value}"`);
  return DEFAULT_TIMEOUT_SECONDS;
}

/** REPLICATE_MODEL_/INPUT_/PRICE_ variables that name no slot: a typo would otherwise be ignored. */
function strayVariables(env: NodeJS.ProcessEnv, problems: string[]): void {
  const known = new Set(MODEL_SLOTS.flatMap((slot) => KINDS.map((kind) => slotVariable(kind, slot))));
  for (const name of Object.keys(env)) {
    if (!/^REPLICATE_(MODEL|INPUT|PRICE)_/.test(name) || known.has(name) || !env[name]) continue;
    problems.push(
      name.endsWith('_DETECT_FACES')
        ? `${name} is not read: face detection always runs locally (face-api), whichever provider answers`
        : `${name} is not a Replicate setting (capabilities: ${Object.values(SUFFIXES).join(', ')})`,
    );
  }
}

export function replicateConfigOf(env: NodeJS.ProcessEnv): ReplicateConfig {
  const problems: string[] = [];
  const slots = Object.fromEntries(MODEL_SLOTS.map((slot) => [slot, slotConfigOf(env, slot, problems)]));
  const config: ReplicateConfig = {
    apiBase: apiBaseOf(env, problems),
    apiToken: env.REPLICATE_API_TOKEN || undefined,
    secretArn: env.REPLICATE_SECRET_ARN || undefined,
    webhookSecret: env.REPLICATE_WEBHOOK_SECRET || undefined,
    timeoutSeconds: timeoutOf(env, problems),
    slots: slots as Record<ModelSlot, SlotConfig>,
  };
  strayVariables(env, problems);
  if (problems.length) throw new ReplicateConfigError(problems);
  return config;
}

/** No token, default models: every capability answers "needs an AI provider" and says what is missing. */
export const unconfiguredReplicate = (): ReplicateConfig => replicateConfigOf({});

/** False when neither a token nor a secret is configured: every capability "needs an AI provider". */
export const replicateConfigured = (config: Pick<ReplicateConfig, 'apiToken' | 'secretArn'>) =>
  Boolean(config.apiToken || config.secretArn);
