import { expect, it } from 'vitest';

it('makes zod parse without JIT when imported before zod', async () => {
  await import('./zod-config');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  expect(z.object({ id: z.string() }).parse({ id: 'a' })).toEqual({ id: 'a' });
});
