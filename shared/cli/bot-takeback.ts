import type { ApiClient } from './bot-http.js';

type Line = Record<string, unknown>;

/**
 * Declines the opponent's takeback offers (an engine has no say in them; lichess-bot declines too):
 * each game state whose `takebackOffer` is the opponent's gets one decline, logged with its answer.
 */
export function takebackDecliner(api: ApiClient, gameId: string, color: 'white' | 'black', log: (m: string) => void): { onState(state: Line): void } {
  const opponent = color === 'white' ? 'black' : 'white';
  /** The version of the state whose offer was declined last (one decline per offer). */
  let declined: unknown = null;
  return {
    onState(state) {
      if (state.takebackOffer !== opponent || state.status !== 'playing') return;
      if (declined !== null && declined === state.version) return;
      declined = state.version;
      void api.request('POST', `/api/bot/game/${gameId}/takeback/decline`).then(
        (res) => log(`declined the opponent's takeback: ${res.body.ok === true ? 'ok' : JSON.stringify(res.body)}`),
        (e: unknown) => log(`takeback decline failed: ${(e as Error).message}`),
      );
    },
  };
}
