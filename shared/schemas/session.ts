/** Wire shapes of a visitor's session: the token the server signs, and how the browser asks for one. */
import { z } from 'zod';

export const startSessionRequestSchema = z.object({
  /** The token the browser holds, to renew (same session, fresh lifetime). */
  token: z.string().max(512).optional(),
});
export type StartSessionRequest = z.infer<typeof startSessionRequestSchema>;

export const visitorSessionSchema = z.object({
  /** Sent back in SESSION_HEADER on every call. */
  token: z.string(),
  /** When the browser should ask for a renewed token (a day of use). */
  renewAfter: z.string(),
  /** When the token stops being accepted. */
  expiresAt: z.string(),
});
export type VisitorSession = z.infer<typeof visitorSessionSchema>;
