import { RATING_DEFAULT, type AccountView, type VariantId } from '@progressive-chess/shared';
import { syncPreferences } from './account-preferences.js';
import { api, type ApiResult } from './api.js';
import { reconnect } from './socket.js';
import { savedToken } from './storage.js';

/** The signed-in account (null: playing anonymously), as the server's session cookie says. */
export const me: { account: AccountView | null; loaded: boolean } = $state({ account: null, loaded: false });

/** The signed-in player's rating in `v` (the default one before their first rated game there). */
export const myRating = (v: VariantId): number => me.account?.ratings.find((r) => r.variant === v)?.rating ?? RATING_DEFAULT;

export async function loadAccount(): Promise<void> {
  const res = await api<{ account: AccountView | null }>('/api/account');
  me.account = res.ok ? res.data.account : null;
  me.loaded = true;
  void syncPreferences(me.account !== null);
}

function signedIn(res: ApiResult<{ account: AccountView }>): ApiResult<{ account: AccountView }> {
  if (res.ok) {
    me.account = res.data.account;
    reconnect();
    void syncPreferences(true);
  }
  return res;
}

/** Claims this browser's anonymous identity (its token) as an account. */
export async function register(username: string, password: string): Promise<ApiResult<{ account: AccountView }>> {
  return signedIn(await api('/api/account/register', { username, password, token: savedToken() ?? '' }));
}

export async function login(username: string, password: string): Promise<ApiResult<{ account: AccountView }>> {
  return signedIn(await api('/api/account/login', { username, password }));
}

export async function logout(everywhere = false): Promise<void> {
  await api('/api/account/logout', { everywhere });
  me.account = null;
  void syncPreferences(false);
  reconnect();
}
