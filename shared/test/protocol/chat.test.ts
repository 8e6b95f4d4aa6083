import { describe, expect, it } from 'vitest';
import { CHAT_MAX_CODE_UNITS, CHAT_MAX_LENGTH, chatLength, chatSendSchema, normalizeChatText, schemaErrorCode } from '../../src/protocol/index.js';

const send = (text: string) => chatSendSchema.safeParse({ gameId: 'g1', text });
const accepted = (text: string): string => {
  const r = send(text);
  if (!r.success) throw new Error(`${JSON.stringify(text)} refused: ${r.error.message}`);
  return r.data.text;
};
const refusedWith = (text: string): string => {
  const r = send(text);
  if (r.success) throw new Error(`${JSON.stringify(text)} accepted as ${JSON.stringify(r.data.text)}`);
  expect(schemaErrorCode(r.error)).toBe('bad-request');
  return r.error.issues.map((i) => i.message).join('; ');
};

describe('chat lines', () => {
  it('are trimmed and NFC-normalised; markup is plain text', () => {
    expect(accepted('  good luck <b>!</b>  ')).toBe('good luck <b>!</b>');
    expect(accepted('Jose\u0301')).toBe('Jos\u00e9');
    expect(accepted('gg 👨‍👩‍👧 🇸🇮 1\ufe0f\u20e3')).toBe('gg 👨‍👩‍👧 🇸🇮 1\ufe0f\u20e3');
    expect(refusedWith('   ')).toMatch(/empty/);
  });

  it('refuse bidi controls: U+202E would show the line reversed to everyone', () => {
    for (const text of ['\u202ereversed text here', 'a\u202ab\u202c', 'a\u202bb', 'a\u202db', 'a\u2066b\u2069', 'x\u2067y', 'x\u2068y', 'rtl\u200f', 'x\u061c']) {
      expect(refusedWith(text), JSON.stringify(text)).toMatch(/bidirectional control character/);
    }
  });

  it('refuse what display names refuse: controls, invisible format characters, lone surrogates', () => {
    expect(refusedWith('a\u0000b')).toMatch(/control character/);
    expect(refusedWith('esc\u001b[31m red')).toMatch(/control character/);
    expect(refusedWith('zero\u200bwidth')).toMatch(/invisible formatting/);
    expect(refusedWith('b\ufeffom')).toMatch(/invisible formatting/);
    expect(refusedWith('half\ud800')).toMatch(/lone surrogate/);
    expect(refusedWith(`zalgo x${'\u0301\u0302\u0303\u0304'}`)).toMatch(/too many accents on one character \(at most 3 in a row\)/);
    // Joiners stay: emoji sequences and several scripts need them.
    expect(accepted('\u0915\u094d\u200d\u0937')).toBe('\u0915\u094d\u200d\u0937');
  });

  it(`count user-perceived characters: ${CHAT_MAX_LENGTH} emoji fit, not ${CHAT_MAX_LENGTH + 1}`, () => {
    expect(chatLength('👍🏽👨‍👩‍👧e\u0301')).toBe(3);
    expect(accepted('🙂'.repeat(CHAT_MAX_LENGTH))).toHaveLength(2 * CHAT_MAX_LENGTH);
    expect(accepted('👨‍👩‍👧'.repeat(CHAT_MAX_LENGTH))).toBe('👨‍👩‍👧'.repeat(CHAT_MAX_LENGTH));
    expect(accepted('x'.repeat(CHAT_MAX_LENGTH))).toHaveLength(CHAT_MAX_LENGTH);
    expect(refusedWith('x'.repeat(CHAT_MAX_LENGTH + 1))).toMatch(/too long \(141 characters, at most 140\)/);
    expect(refusedWith('🙂'.repeat(CHAT_MAX_LENGTH + 1))).toMatch(/too long/);
  });

  it(`keep a hard cap of ${CHAT_MAX_CODE_UNITS} UTF-16 units`, () => {
    // One character followed by a flood of joiners: one grapheme, over the cap.
    const flood = `x${'\u200d'.repeat(CHAT_MAX_CODE_UNITS)}`;
    expect(chatLength(flood)).toBe(1);
    expect(refusedWith(flood)).toMatch(/too long/);
    expect(normalizeChatText(`x${'\u200d'.repeat(CHAT_MAX_CODE_UNITS - 1)}`)).toEqual({ ok: true, text: `x${'\u200d'.repeat(CHAT_MAX_CODE_UNITS - 1)}` });
  });
});
