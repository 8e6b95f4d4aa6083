import { giveTime, opposite, type Absence, type ClockState, type ClockView, type Color, type TimeControl } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

/** What a player's page says of an opponent who left the game, and whether it may claim now. */
export interface OpponentLeft {
  /** "Bob left the game." */
  readonly text: string;
  /** Seconds until a claim is possible (null: possible now, or never). */
  readonly secondsLeft: number | null;
  readonly canClaim: boolean;
}

/**
 * The notice of an absent opponent for the player of `me` at server time `serverNow` (the
 * `absence` of the snapshot and events; the server alone decides a claim): a countdown to
 * `claimFrom`, then the claim. While the game can still be aborted (`abortable`: shared `canAbort`,
 * the rule the server's claims follow too) no claim, only the abort. Null for spectators, while the
 * opponent is there, or once the game is over.
 */
export function opponentLeft(absence: Absence | null, me: Color | null, name: string, serverNow: number, over: boolean, abortable: boolean): OpponentLeft | null {
  if (absence === null || me === null || over) return null;
  const away = absence[opposite(me)];
  if (away === null) return null;
  if (abortable) return { text: m.opponent_left_abort({ name }), secondsLeft: null, canClaim: false };
  const text = m.opponent_left_game({ name });
  if (away.claimFrom === null) return { text, secondsLeft: null, canClaim: false };
  const secondsLeft = Math.ceil((away.claimFrom - serverNow) / 1000);
  return secondsLeft > 0 ? { text, secondsLeft, canClaim: false } : { text, secondsLeft: null, canClaim: true };
}

/** Whether `me` may give its opponent time now (shared `giveTime`, on the clocks as last seen). */
export function canGiveTime(control: TimeControl, clocks: ClockView | null, me: Color | null, over: boolean): boolean {
  if (me === null || over || clocks === null) return false;
  const clock: ClockState = { control, remaining: { white: clocks.white, black: clocks.black }, running: clocks.running, since: clocks.serverNow };
  return giveTime(clock, opposite(me), clocks.serverNow) !== null;
}
