import { describe, expect, it } from 'vitest';
import { GLICKO_DEFAULT, glickoUpdate, rateGame } from '../../src/ratings/glicko2.js';

describe('Glicko-2', () => {
  it("reproduces Glickman's published example (1500/200/0.06 against 1400/30 win, 1550/100 loss, 1700/300 loss)", () => {
    const after = glickoUpdate({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('a period without games only widens the deviation (sqrt(phi^2 + sigma^2))', () => {
    const after = glickoUpdate({ rating: 1500, rd: 200, volatility: 0.06 }, []);
    expect(after.rating).toBe(1500);
    expect(after.rd).toBeCloseTo(Math.sqrt(200 ** 2 + (0.06 * 173.7178) ** 2), 6);
  });

  it('one game between new players moves them symmetrically; a draw between equals changes no rating', () => {
    const win = rateGame(GLICKO_DEFAULT, GLICKO_DEFAULT, 1);
    expect(win.white.rating).toBeGreaterThan(1500);
    expect(win.white.rating - 1500).toBeCloseTo(1500 - win.black.rating, 6);
    expect(win.white.rd).toBeLessThan(350);
    const draw = rateGame(GLICKO_DEFAULT, GLICKO_DEFAULT, 0.5);
    expect(draw.white.rating).toBeCloseTo(1500, 6);
    expect(draw.black.rating).toBeCloseTo(1500, 6);
  });

  it('beating a much stronger player gains more than beating a weaker one', () => {
    const strong = { rating: 1900, rd: 80, volatility: 0.06 };
    const weak = { rating: 1100, rd: 80, volatility: 0.06 };
    const me = { rating: 1500, rd: 80, volatility: 0.06 };
    expect(rateGame(me, strong, 1).white.rating - 1500).toBeGreaterThan(rateGame(me, weak, 1).white.rating - 1500);
  });
});
