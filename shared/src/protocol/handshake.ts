import { z } from 'zod';

/**
 * The Socket.IO handshake's `auth` (README *Identity*): the identity token of a known player, the
 * name wanted by a new one, and `lobby: true` to have the lobby's listing sent with `session` (the
 * connection is then subscribed to the lobby as by `lobby:subscribe`: one round trip less on a
 * first visit). Unknown keys are ignored (an older or newer client).
 */
export const handshakeAuthSchema = z.object({
  token: z.string().max(200).optional(),
  name: z.string().optional(),
  // anything else than true is not asking (never a refused handshake)
  lobby: z.literal(true).optional().catch(undefined),
});

export type HandshakeAuth = z.infer<typeof handshakeAuthSchema>;
