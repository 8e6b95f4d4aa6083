import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@progressive-chess/shared';
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ConnectionBadge from '../components/ConnectionBadge.svelte';
import { browserLanguage, formatNumber, language, locales, m, setLanguage } from './i18n.svelte.js';
import { reasonText, resultHeadline } from './outcome-text.js';
import { rawLiterals, rawStrings } from './raw-strings.js';
import { timeControlLabel } from './time-control-text.js';
import { gameTitle } from './game-title.js';
import { REFUSALS } from './refusal-messages.js';
import { loadRefusals, refusalText } from './refusals.js';

// paths, not URLs: jsdom replaces the URL class node:fs expects
const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const messages = (locale: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(src, '..', 'messages', `${locale}.json`), 'utf8')) as Record<string, unknown>;

/** Not translated: the game's name, notation and paths. */
const UNTRANSLATED = new Set(['Progressive', 'Chess', '· Progressive Chess Live', 'PGN', 'FEN', '/game/']);

function components(dir = ''): string[] {
  return readdirSync(join(src, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? components(`${dir}${e.name}/`) : e.name.endsWith('.svelte') ? [`${dir}${e.name}`] : [],
  );
}

afterEach(() => setLanguage('en'));

describe('languages', () => {
  it('has every message in every language, with the same plural variables', () => {
    const base = messages('en');
    for (const locale of locales) {
      const other = messages(locale);
      expect(Object.keys(other).sort(), locale).toEqual(Object.keys(base).sort());
      for (const [key, value] of Object.entries(other)) {
        expect(value, `${locale} ${key}`).not.toEqual('');
        expect(typeof value, `${locale} ${key}`).toBe(typeof base[key]);
      }
    }
  });

  it('has a message for every refusal code in every language', () => {
    for (const locale of locales) {
      setLanguage(locale);
      for (const code of ERROR_CODES) {
        const text = REFUSALS[code]();
        expect(text, `${locale} ${code}`).toMatch(/\p{L}{2,}/u);
        expect(text, `${locale} ${code}`).not.toContain('refusal_');
      }
    }
  });

  it('shows the server refusal in English and the code message in other languages', async () => {
    await loadRefusals();
    expect(refusalText('not-your-turn', 'not your turn (White plays)')).toBe('not your turn (White plays)');
    setLanguage('it');
    expect(refusalText('not-your-turn', 'not your turn (White plays)')).toBe('Non tocca a te.');
    expect(refusalText('a-newer-code', 'from a newer server')).toBe('from a newer server');
  });

  it('follows the browser, by primary language, English otherwise', () => {
    expect(browserLanguage(['it-CH', 'en'])).toBe('it');
    expect(browserLanguage(['de-DE', 'ru'])).toBe('ru');
    expect(browserLanguage(['fr'])).toBe('en');
  });

  it('switches without a reload: rendered text, the lang attribute, plurals and numbers follow', () => {
    render(ConnectionBadge);
    const badge = screen.getByTestId('connection');
    const english = badge.textContent;
    setLanguage('ru');
    flushSync();
    expect(badge.textContent).not.toBe(english);
    expect(document.documentElement.lang).toBe('ru');
    expect(localStorage.getItem('pcl.language')).toBe('ru');
    expect([1, 3, 5, 21].map((count) => m.players_online({ count }))).toEqual([
      '1 игрок в сети',
      '3 игрока в сети',
      '5 игроков в сети',
      '21 игрок в сети',
    ]);
    expect(formatNumber(1234.5)).toBe(new Intl.NumberFormat('ru').format(1234.5));
    setLanguage('it');
    expect(m.players_online({ count: 1 })).toBe('1 giocatore in linea');
    expect(language.current).toBe('it');
  });
});

describe('text built in code', () => {
  it('follows the language: outcomes with chess terms, time controls with plurals, titles', () => {
    setLanguage('it');
    expect(resultHeadline({ result: '1/2-1/2', reason: 'agreement' })).toBe('Patta');
    expect(reasonText({ result: '1-0', reason: 'resignation' })).toBe('Il Nero abbandona');
    expect(timeControlLabel({ kind: 'correspondence', daysPerTurn: 3 })).toBe('3 giorni a serie');
    setLanguage('ru');
    expect(reasonText({ result: '0-1', reason: 'resignation' })).toBe('Белые сдались');
    expect([1, 2, 5].map((daysPerTurn) => timeControlLabel({ kind: 'correspondence', daysPerTurn }))).toEqual([
      '1 день на серию',
      '2 дня на серию',
      '5 дней на серию',
    ]);
    expect(gameTitle({ players: { white: { name: 'Ann' }, black: { name: 'Ben' } }, isMyTurn: true, outcome: null })).toBe('Ваш ход · Ann — Ben');
  });
});

describe('components', () => {
  it('has no readable text outside messages in any component: markup, readable attributes, or phrases in code', () => {
    const files = components();
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      const source = readFileSync(join(src, file), 'utf8');
      const raw = [...rawStrings(source), ...rawLiterals(source)].filter((s) => !UNTRANSLATED.has(s));
      expect(raw, file).toEqual([]);
    }
  });

  it('finds raw text and readable attributes, not expressions', () => {
    expect(rawStrings('<script>const a = "x";</script><p title="Hello">{m.a()} Raw words</p>')).toEqual(['Hello', 'Raw words']);
    expect(rawStrings('<p aria-label={m.b()}>{n > 1 ? `${n} games` : "one"}</p><style>p { color: red }</style>')).toEqual([]);
  });

  it('finds phrases written in code, not key names, identifiers or comments', () => {
    const source = `<script>
      // 'A comment' is not text
      const a = busy ? 'Searching…' : 'Hint';
      if (e.key === 'Escape') error = \`Could not reach \${host}\`;
      const kind = 'per-turn', css = \`\${w}px\`, url = 'https://example.org';
    </script>
    <button>{copied ? 'Copied!' : m.copy()}</button>`;
    expect(rawLiterals(source)).toEqual(['Searching…', 'Hint', 'Could not reach x', 'Copied!']);
  });
});
