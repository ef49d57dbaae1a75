/**
 * Same-origin paths only: "/result/x?temp=true" yes; "//evil.example", "https://...", "/\\evil" no.
 * Browsers strip tabs and newlines from URLs and read "\" as "/", so "/\t/evil.example" would become
 * "//evil.example", another origin: a path is accepted only if it has no control characters and
 * resolving it against an origin keeps that origin.
 */
const PROBE_ORIGIN = 'https://return-path.invalid';

export function isSafeReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/')) return false;
  if (hasControlCharacter(path) || path.includes('\\')) return false;
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** C0 controls, DEL and C1 controls: never part of a link we make. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
