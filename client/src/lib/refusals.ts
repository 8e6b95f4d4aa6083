/**
 * What each refusal code of the server (shared ERROR_CODES) says to a player, in their language.
 * The Record's type makes the compiler require a message for every code; test/i18n checks that
 * every language has every message.
 */
import type { ErrorCode } from '@progressive-chess/shared';
import { language, m } from './i18n.svelte.js';

const REFUSALS: Readonly<Record<ErrorCode, () => string>> = {
  'bad-request': m.refusal_bad_request,
  'unknown-event': m.refusal_unknown_event,
  'bad-token': m.refusal_bad_token,
  'bad-name': m.refusal_bad_name,
  'rate-limited': m.refusal_rate_limited,
  'unknown-game': m.refusal_unknown_game,
  'unknown-seek': m.refusal_unknown_seek,
  'unknown-invitation': m.refusal_unknown_invitation,
  'own-seek': m.refusal_own_seek,
  'not-a-player': m.refusal_not_a_player,
  'stale-version': m.refusal_stale_version,
  'not-your-turn': m.refusal_not_your_turn,
  'illegal-move': m.refusal_illegal_move,
  'check-before-last-move': m.refusal_check_before_last_move,
  'cycle-piece-already-moved': m.refusal_cycle_piece_already_moved,
  'cannot-afford': m.refusal_cannot_afford,
  'en-passant-not-first-move': m.refusal_en_passant_not_first_move,
  'game-over': m.refusal_game_over,
  'cannot-pass': m.refusal_cannot_pass,
  'no-draw-offer': m.refusal_no_draw_offer,
  'no-rematch-offer': m.refusal_no_rematch_offer,
  'too-late-to-abort': m.refusal_too_late_to_abort,
  'opponent-present': m.refusal_opponent_present,
  'cannot-give-time': m.refusal_cannot_give_time,
  'game-in-progress': m.refusal_game_in_progress,
  conflict: m.refusal_conflict,
  'too-many-seeks': m.refusal_too_many_seeks,
  'too-many-games': m.refusal_too_many_games,
  'too-many-rooms': m.refusal_too_many_rooms,
  'not-found': m.refusal_not_found,
  internal: m.refusal_internal,
  unavailable: m.refusal_unavailable,
  'too-many-connections': m.refusal_too_many_connections,
  flooding: m.refusal_flooding,
  'username-taken': m.refusal_username_taken,
  'name-taken': m.refusal_name_taken,
  'already-registered': m.refusal_already_registered,
  'bad-credentials': m.refusal_bad_credentials,
  'unknown-player': m.refusal_unknown_player,
  'account-required': m.refusal_account_required,
  'out-of-rating-range': m.refusal_out_of_rating_range,
  'too-many-bot-games': m.refusal_too_many_bot_games,
  busy: m.refusal_busy,
  'cross-site': m.refusal_cross_site,
  'game-not-finished': m.refusal_game_not_finished,
  'not-for-you': m.refusal_not_for_you,
  'too-many-challenges': m.refusal_too_many_challenges,
  'self-challenge': m.refusal_self_challenge,
  'no-accounts': m.refusal_no_accounts,
};

/** The message of a code (every code has one in every language). */
export const refusalMessage = (code: ErrorCode): string => REFUSALS[code]();

/**
 * A refusal as the player reads it. In English the server's own message is kept (it is English and
 * may carry details, e.g. a limit); in another language, the code's translated message. A code
 * this client does not know (a newer server) falls back to the server's words.
 */
export function refusalText(code: string, serverMessage: string): string {
  if (language.current === 'en' && serverMessage !== '') return serverMessage;
  return code in REFUSALS ? REFUSALS[code as ErrorCode]() : serverMessage;
}
