import { z } from 'zod';

/** GET /internal/token-states: what the gateway's replica starts from. */
export const tokenStateSchema = z.object({
  userId: z.uuid(),
  tokenVersion: z.number().int().min(0),
  banned: z.boolean(),
});
export const tokenStatesSchema = z.array(tokenStateSchema);
export type TokenState = z.infer<typeof tokenStateSchema>;
