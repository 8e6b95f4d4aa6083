import type { ApiClient } from './bot-http.js';

type Line = Record<string, unknown>;

/**
 * Claims victory once the opponent has been gone long enough: each `opponentGone` line of the game
 * stream sets the claim's timer (`claimWinInSeconds` from now), or clears it (`gone: false`, or no
 * claim possible). `enabled` false: it only logs.
 */
export function victoryClaimer(api: ApiClient, gameId: string, enabled: boolean, log: (m: string) => void): { onLine(v: Line): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => clearTimeout(timer);
  return {
    onLine(v) {
      stop();
      const wait = v.claimWinInSeconds;
      log(v.gone === true ? `the opponent left${typeof wait === 'number' ? `: victory may be claimed in ${wait} s` : ''}` : 'the opponent is back');
      if (!enabled || v.gone !== true || typeof wait !== 'number') return;
      timer = setTimeout(() => {
        void api.request('POST', `/api/bot/game/${gameId}/claim-victory`).then(
          (res) => log(`claimed victory: ${res.body.ok === true ? 'won' : JSON.stringify(res.body)}`),
          (e: unknown) => log(`claim failed: ${(e as Error).message}`),
        );
      }, wait * 1000);
    },
    stop,
  };
}
