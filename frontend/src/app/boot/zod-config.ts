/**
 * zod in the browser parses without JIT. The site's CSP allows no eval, and zod would otherwise
 * probe with `new Function` when it builds its first object schema: a reported CSP violation (and
 * a lower Lighthouse best-practices score) on every page that talks to the API. zod takes its
 * settings from `globalThis.__zod_globalConfig` (shared by every copy of zod on a page); setting
 * it before zod loads keeps zod itself out of the small loader of the prerendered pages. The
 * entries import this first; zod-config.test.ts checks that zod still reads it.
 */
type WithZodConfig = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

const scope = globalThis as WithZodConfig;
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

// A module to TypeScript too; the entries import it for its effect.
export {};
