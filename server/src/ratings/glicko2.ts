/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), as pure functions. Each game
 * is one rating period for both players. Ratings are on the Glicko scale (1500 / 350 / 0.06).
 */
import { RATING_DEFAULT, RATING_DEFAULT_RD } from '@progressive-chess/shared';

export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
}

/** A game result from the player's side: 1 win, 0.5 draw, 0 loss. */
export interface GlickoResult {
  readonly opponent: Glicko;
  readonly score: number;
}

/** A new player's: the shared default rating and deviation (RATING_DEFAULT is also the scale's origin). */
export const GLICKO_DEFAULT: Glicko = { rating: RATING_DEFAULT, rd: RATING_DEFAULT_RD, volatility: 0.06 };
/** Constrains the change of volatility; Glickman suggests 0.3 to 1.2. */
const GLICKO_TAU = 0.5;
const SCALE = 173.7178;
const EPSILON = 0.000001;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** Step 5: the new volatility, by the Illinois algorithm. */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** The player's rating after one rating period with these results (none: only the deviation grows). */
export function glickoUpdate(player: Glicko, results: readonly GlickoResult[], tau = GLICKO_TAU): Glicko {
  const mu = (player.rating - RATING_DEFAULT) / SCALE;
  const phi = player.rd / SCALE;
  if (results.length === 0) {
    const grown = Math.sqrt(phi * phi + player.volatility * player.volatility);
    return { ...player, rd: Math.min(grown * SCALE, GLICKO_DEFAULT.rd) };
  }
  let vInv = 0;
  let sum = 0;
  for (const r of results) {
    const muJ = (r.opponent.rating - RATING_DEFAULT) / SCALE;
    const phiJ = r.opponent.rd / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInv += g(phiJ) * g(phiJ) * e * (1 - e);
    sum += g(phiJ) * (r.score - e);
  }
  const v = 1 / vInv;
  const sigma = newVolatility(player.volatility, phi, v, v * sum, tau);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + RATING_DEFAULT, rd: phiNew * SCALE, volatility: sigma };
}

/** Both players' new ratings after one game; `whiteScore` is 1, 0.5 or 0. */
export function rateGame(white: Glicko, black: Glicko, whiteScore: number): { white: Glicko; black: Glicko } {
  return {
    white: glickoUpdate(white, [{ opponent: black, score: whiteScore }]),
    black: glickoUpdate(black, [{ opponent: white, score: 1 - whiteScore }]),
  };
}
