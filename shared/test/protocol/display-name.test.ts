import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX, botName, displayNameSchema, registerSchema, schemaErrorCode, setNameSchema, usernameSchema } from '../../src/protocol/index.js';

const parse = (raw: string) => displayNameSchema.safeParse(raw);
const accepted = (raw: string): string => {
  const r = parse(raw);
  if (!r.success) throw new Error(`${JSON.stringify(raw)} refused: ${r.error.message}`);
  return r.data;
};
const refusedWith = (raw: string): string => {
  const r = parse(raw);
  if (r.success) throw new Error(`${JSON.stringify(raw)} accepted as ${JSON.stringify(r.data)}`);
  expect(schemaErrorCode(r.error)).toBe('bad-name');
  return r.error.issues[0]?.message ?? '';
};

describe('display names', () => {
  it('are trimmed, their whitespace collapsed, NFC-normalised', () => {
    expect(accepted('  Ann   Lee ')).toBe('Ann Lee');
    expect(accepted('Ann\u00a0\u2003Lee\u3000')).toBe('Ann Lee');
    expect(accepted('Jose\u0301')).toBe('Jos\u00e9');
    expect(accepted('Zoë 🙂')).toBe('Zoë 🙂');
    expect(accepted('👨‍👩‍👧')).toBe('👨‍👩‍👧');
  });

  it('count visible characters: 1 to 24', () => {
    expect(accepted('x')).toBe('x');
    expect(accepted('a'.repeat(DISPLAY_NAME_MAX))).toHaveLength(24);
    expect(refusedWith('a'.repeat(DISPLAY_NAME_MAX + 1))).toMatch(/too long/);
    expect(accepted('👨‍👩‍👧'.repeat(24))).toBe('👨‍👩‍👧'.repeat(24));
    expect(accepted('e\u0301'.repeat(24))).toHaveLength(24);
    expect(refusedWith('')).toMatch(/visible/);
    expect(refusedWith('   ')).toMatch(/visible/);
    expect(refusedWith('\u3164\u3164')).toMatch(/visible/); // Hangul fillers
    expect(refusedWith('\u0301\u0301')).toMatch(/visible/); // combining marks alone
    expect(refusedWith('\u200d')).toMatch(/visible/);
    expect(refusedWith(`a${'\u0301'.repeat(300)}`)).toMatch(/too many accents/);
  });

  it('refuse more than 3 combining marks in a row (stacked diacritics)', () => {
    expect(refusedWith(`a${'\u0301'.repeat(30)}`)).toMatch(/too many accents on one character \(at most 3 in a row\)/);
    expect(refusedWith(`Max${'\u0300\u0301\u0302\u0303'}`)).toMatch(/too many accents/);
    // Joiners between the marks do not break the run.
    expect(refusedWith(`x${'\u0301\u200d'.repeat(4)}`)).toMatch(/too many accents/);
    // Vietnamese (two marks, decomposed), Hebrew pointing (three), a keycap emoji: kept.
    expect(accepted('Nguye\u0302\u0303n')).toBe('Nguy\u1ec5n');
    expect(accepted('\u05e9\u05bc\u05c1\u05b8')).toBe('\u05e9\u05bc\u05c1\u05b8'.normalize('NFC'));
    expect(accepted(`x${'\u0301\u0302\u0303'}`)).toBe(`x${'\u0301\u0302\u0303'}`.normalize('NFC'));
    expect(accepted('1\ufe0f\u20e3')).toBe('1\ufe0f\u20e3');
  });

  it('refuse control characters, line breaks and tabs', () => {
    for (const raw of ['Ann\nLee', 'Ann\r', 'A\tB', 'NUL\u0000', 'esc\u001b[31m', 'del\u007f', 'c1\u0085']) {
      expect(refusedWith(raw), JSON.stringify(raw)).toMatch(/control character/);
    }
  });

  it('refuse bidi controls, invisible format characters and lone surrogates', () => {
    for (const raw of ['evil\u202egnp.exe', 'a\u2066b\u2069', 'rtl\u200f', 'x\u061c']) {
      expect(refusedWith(raw), JSON.stringify(raw)).toMatch(/bidirectional/);
    }
    expect(refusedWith('A\u200bnn')).toMatch(/invisible/);
    expect(refusedWith('bom\ufeff')).toMatch(/invisible/);
    expect(refusedWith('half\ud800')).toMatch(/surrogate/);
    expect(refusedWith('\udc00tail')).toMatch(/surrogate/);
    expect(accepted('pair\ud83d\ude00')).toBe('pair😀');
  });

  it('line and paragraph separators are whitespace: collapsed, never kept', () => {
    expect(accepted('Ann\u2028Lee\u2029')).toBe('Ann Lee');
  });
});

describe('schemaErrorCode', () => {
  it('is bad-name for a refused name inside a payload, bad-request for other failures', () => {
    const bad = setNameSchema.safeParse({ name: 'a\nb' });
    expect(!bad.success && schemaErrorCode(bad.error)).toBe('bad-name');
    const notString = setNameSchema.safeParse({ name: 42 });
    expect(!notString.success && schemaErrorCode(notString.error)).toBe('bad-request');
    const extra = setNameSchema.safeParse({ name: 'ok', more: 1 });
    expect(!extra.success && schemaErrorCode(extra.error)).toBe('bad-request');
    expect(setNameSchema.parse({ name: '  Bob  ' })).toEqual({ name: 'Bob' });
  });
});

describe("the computer player's name", () => {
  it('cannot be taken as a display name, in any case, spacing or width', () => {
    for (const level of [1, 2, 3] as const) expect(refusedWith(botName(level))).toMatch(/computer player/);
    for (const n of ['Computer', 'computer', ' COMPUTER ', 'Computer(level 9)', 'Computer  (lvl 3)', 'Ｃｏｍｐｕｔｅｒ', 'Computer level 3', 'computer-LEVEL-2', 'Computer lvl3']) {
      expect(refusedWith(n)).toMatch(/computer player/);
    }
  });

  it('leaves names that only contain the word', () => {
    for (const n of ['Computer Guy', 'Computerfan', 'My computer', 'Computer (3) fan']) expect(accepted(n)).toBe(n);
  });

  it('cannot be registered as a username', () => {
    expect(usernameSchema.safeParse('Computer').success).toBe(false);
    expect(usernameSchema.safeParse('COMPUTER').success).toBe(false);
    expect(usernameSchema.safeParse('Computer_1').success).toBe(true);
    expect(registerSchema.safeParse({ username: 'computer', password: 'long enough', token: 't' }).success).toBe(false);
  });
});
