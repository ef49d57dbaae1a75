/**
 * A model's inputs as configured (REPLICATE_INPUT_<CAPABILITY>): a JSON object whose strings may hold
 * `{{placeholders}}`, checked once at start and filled in per call. So a capability moves to another
 * model (or a self-hosted server) by configuration, with no code change.
 */
import type { ModelSlot } from './replicate-defaults';

export type InputTemplate = Record<string, unknown>;
export type InputValues = Record<string, string | number | undefined>;

/** Placeholders each slot fills in; the first ones listed are required (the model needs them). */
export const PLACEHOLDERS: Record<ModelSlot, { required: string[]; optional: string[] }> = {
  ageProgress: { required: ['image', 'targetAge'], optional: [] },
  removeBackground: { required: ['image'], optional: [] },
  faceSwap: { required: ['source', 'target'], optional: [] },
  generateScene: { required: ['prompt'], optional: ['width', 'height', 'aspectRatio', 'seed'] },
  promptTest: { required: ['prompt'], optional: ['width', 'height', 'aspectRatio', 'seed'] },
};

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z]+)\s*\}\}$/;

function placeholdersIn(value: unknown, found: Set<string>): void {
  if (typeof value === 'string') for (const m of value.matchAll(PLACEHOLDER)) found.add(m[1]);
  else if (Array.isArray(value)) for (const item of value) placeholdersIn(item, found);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) placeholdersIn(item, found);
}

/** What is wrong with a template for a slot (unknown or missing placeholders), or null. */
export function templateProblem(slot: ModelSlot, template: InputTemplate): string | null {
  const found = new Set<string>();
  placeholdersIn(template, found);
  const { required, optional } = PLACEHOLDERS[slot];
  const unknown = [...found].filter((name) => !required.includes(name) && !optional.includes(name));
  if (unknown.length) {
    return `uses ${unknown.map((n) => `{{${n}}}`).join(', ')}, which this capability does not fill in (it has ${[...required, ...optional].map((n) => `{{${n}}}`).join(', ')})`;
  }
  const missing = required.filter((name) => !found.has(name));
  if (missing.length) return `must use ${missing.map((n) => `{{${n}}}`).join(' and ')}`;
  return null;
}

/**
 * The inputs for one call. A string that is only a placeholder takes the value as it is (a number
 * stays a number) and an absent value drops the key, so the model's own default applies (a seed);
 * a placeholder inside text is replaced by the value's text.
 */
export function fillTemplate(template: InputTemplate, values: InputValues): Record<string, unknown> {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE_PLACEHOLDER.exec(value);
      if (whole) return values[whole[1]];
      return value.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ''));
    }
    if (Array.isArray(value)) return value.map(fill).filter((item) => item !== undefined);
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).map(([key, item]) => [key, fill(item)] as const);
      return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
    }
    return value;
  };
  return fill(template) as Record<string, unknown>;
}
