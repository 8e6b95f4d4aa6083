import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { victoryClaimer } from '../../cli/bot-claim.js';
import { recordingApi as recording } from './recording-api.js';

describe('pchess bot claims victory against a gone opponent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('when the countdown of opponentGone has run out, not before', () => {
    const { api, requests } = recording();
    const claimer = victoryClaimer(api, 'g1', true, () => undefined);
    claimer.onLine({ type: 'opponentGone', gone: true, claimWinInSeconds: 5 });
    vi.advanceTimersByTime(4_999);
    expect(requests).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(requests).toEqual(['POST /api/bot/game/g1/claim-victory']);
  });

  it('not when the opponent came back, nor without a countdown (correspondence), nor with --claim off', () => {
    const { api, requests } = recording();
    const claimer = victoryClaimer(api, 'g1', true, () => undefined);
    claimer.onLine({ type: 'opponentGone', gone: true, claimWinInSeconds: 5 });
    claimer.onLine({ type: 'opponentGone', gone: false });
    claimer.onLine({ type: 'opponentGone', gone: true });
    const off = victoryClaimer(api, 'g2', false, () => undefined);
    off.onLine({ type: 'opponentGone', gone: true, claimWinInSeconds: 0 });
    vi.advanceTimersByTime(60_000);
    expect(requests).toEqual([]);
  });
});
