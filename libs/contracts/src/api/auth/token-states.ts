import { z } from 'zod';

/** GET /internal/token-states: what the gateway's replica starts from. */
export const tokenStateSchema = z.object({
  userId: z.uuid(),
  tokenVersion: z.number().int().min(0),
  banned: z.boolean(),
  /** Sessions logged out whose tokens have not expired yet. */
  endedSessions: z.array(z.object({ sessionId: z.string(), until: z.string() })).optional(),
});
export const tokenStatesSchema = z.array(tokenStateSchema);
export type TokenState = z.infer<typeof tokenStateSchema>;
