import { m } from './i18n.svelte.js';

type Letter = 'N' | 'B' | 'R' | 'Q' | 'K';
const roleWord = (letter: string): string => m.spoken_role({ role: letter as Letter });

/**
 * A move's SAN in words a screen reader says well: "Nxe5+" → "knight takes e5, check",
 * "exd8=Q#" → "e takes d8, promotes to queen, checkmate", "O-O" → "castles kingside".
 * Text that is not SAN comes back as it is. The words are in the current language.
 */
export function spokenSan(san: string): string {
  const match = /^(O-O-O|O-O|([NBRQK])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=([NBRQ]))?)([+#]?)$/.exec(san.replace(/[!?]+$/, ''));
  if (!match) return san;
  const [, castle, role, disamb, capture, to, promo, mark] = match;
  const words: string[] = [];
  if (castle === 'O-O') words.push(m.spoken_castles_kingside());
  else if (castle === 'O-O-O') words.push(m.spoken_castles_queenside());
  else {
    const start = [role ? roleWord(role) : '', disamb].filter(Boolean).join(' ');
    words.push([start, capture ? m.spoken_takes() : '', to].filter(Boolean).join(' '));
    if (promo) words.push(m.spoken_promotes({ piece: roleWord(promo) }));
  }
  if (mark === '+') words.push(m.spoken_check());
  if (mark === '#') words.push(m.spoken_checkmate());
  return words.join(', ');
}
