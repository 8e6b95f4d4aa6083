import { api, type ApiResult } from '../api.js';
import { savedToken } from '../storage.js';

/**
 * The tournaments' HTTP API as this player: an account by its session cookie; a guest (who may
 * join casual arenas) by its identity token, as the socket's handshake sends it (the server reads
 * the cookie first).
 */
export function tournamentApi<T>(path: string, body?: unknown): Promise<ApiResult<T>> {
  const token = savedToken();
  return api<T>(path, body, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}
