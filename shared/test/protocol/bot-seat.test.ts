import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, botLevelOf, botPlayerId, botPlaySchema, isBotSeat } from '../../src/protocol/index.js';

const play = (level: unknown) => botPlaySchema.safeParse({ variant: 'scottish', timeControl: { kind: 'none' }, color: 'random', level });

describe('the computer levels and seats (one list, BOT_LEVELS)', () => {
  it('every level is accepted by bot:play and its seat reads back as that level', () => {
    for (const level of BOT_LEVELS) {
      expect(play(level).success).toBe(true);
      expect(botLevelOf(botPlayerId(level))).toBe(level);
      expect(isBotSeat(botPlayerId(level))).toBe(true);
    }
  });

  it('a level outside the list is refused, and is no computer seat', () => {
    const beyond = Math.max(...BOT_LEVELS) + 1;
    expect(play(beyond).success).toBe(false);
    expect(play(0).success).toBe(false);
    expect(botLevelOf(`bot:${beyond}`)).toBeNull();
    expect(isBotSeat('bot:')).toBe(false);
    expect(isBotSeat('alice')).toBe(false);
  });
});
