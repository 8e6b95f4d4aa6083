/**
 * Refusals as the player reads them. The messages of the codes (refusal-messages.ts) are a chunk
 * of their own, loaded once a language other than English is chosen: the first page stays small.
 */
import type { ErrorCode } from '@progressive-chess/shared';
import { language } from './i18n.svelte.js';

type Table = Readonly<Record<ErrorCode, () => string>>;
let table: Table | null = null;
let loading: Promise<Table> | null = null;

/** Loads the code messages (once). */
export function loadRefusals(): Promise<Table> {
  loading ??= import('./refusal-messages.js').then((mod) => (table = mod.REFUSALS));
  return loading;
}

/**
 * A refusal as the player reads it. In English the server's own message is kept (it is English and
 * may carry details, e.g. a limit); in another language, the code's translated message. A code
 * this client does not know (a newer server), or one refused before the messages arrived, keeps
 * the server's words.
 */
export function refusalText(code: string, serverMessage: string): string {
  if (language.current === 'en' && serverMessage !== '') return serverMessage;
  return table !== null && code in table ? table[code as ErrorCode]() : serverMessage;
}
