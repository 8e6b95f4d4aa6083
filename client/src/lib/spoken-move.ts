const ROLE_WORDS: Record<string, string> = { N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' };

/**
 * A move's SAN in words a screen reader says well: "Nxe5+" → "knight takes e5, check",
 * "exd8=Q#" → "e takes d8, promotes to queen, checkmate", "O-O" → "castles kingside".
 * Text that is not SAN comes back as it is.
 */
export function spokenSan(san: string): string {
  const m = /^(O-O-O|O-O|([NBRQK])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=([NBRQ]))?)([+#]?)$/.exec(san.replace(/[!?]+$/, ''));
  if (!m) return san;
  const [, castle, role, disamb, capture, to, promo, mark] = m;
  const words: string[] = [];
  if (castle === 'O-O') words.push('castles kingside');
  else if (castle === 'O-O-O') words.push('castles queenside');
  else {
    const start = [role ? ROLE_WORDS[role] : '', disamb].filter(Boolean).join(' ');
    words.push([start, capture ? 'takes' : '', to].filter(Boolean).join(' '));
    if (promo) words.push(`promotes to ${ROLE_WORDS[promo]}`);
  }
  if (mark === '+') words.push('check');
  if (mark === '#') words.push('checkmate');
  return words.join(', ');
}
