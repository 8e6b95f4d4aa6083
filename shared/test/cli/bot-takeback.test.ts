import { describe, expect, it } from 'vitest';
import { takebackDecliner } from '../../cli/bot-takeback.js';
import { recordingApi as recording } from './recording-api.js';

describe('pchess bot and takebacks', () => {
  it("declines the opponent's offer once per state, never its own side's, nor after the game", () => {
    const { api, requests } = recording();
    const decliner = takebackDecliner(api, 'g1', 'black', () => undefined);
    decliner.onState({ type: 'gameState', version: 4, status: 'playing', takebackOffer: null });
    decliner.onState({ type: 'gameState', version: 5, status: 'playing', takebackOffer: 'black' });
    expect(requests).toEqual([]);
    decliner.onState({ type: 'gameState', version: 6, status: 'playing', takebackOffer: 'white' });
    // the same state again (a state told twice) is not declined twice
    decliner.onState({ type: 'gameState', version: 6, status: 'playing', takebackOffer: 'white' });
    expect(requests).toEqual(['POST /api/bot/game/g1/takeback/decline']);
    // a new offer later is declined too; none once the game has ended
    decliner.onState({ type: 'gameState', version: 9, status: 'playing', takebackOffer: 'white' });
    decliner.onState({ type: 'gameState', version: 10, status: 'finished', takebackOffer: 'white' });
    expect(requests).toHaveLength(2);
  });
});
