import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@progressive-chess/shared';
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ConnectionBadge from '../components/ConnectionBadge.svelte';
import { browserLanguage, formatNumber, language, locales, m, setLanguage } from './i18n.svelte.js';
import { rawStrings } from './raw-strings.js';
import { REFUSALS } from './refusal-messages.js';
import { loadRefusals, refusalText } from './refusals.js';

// paths, not URLs: jsdom replaces the URL class node:fs expects
const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const messages = (locale: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(src, '..', 'messages', `${locale}.json`), 'utf8')) as Record<string, unknown>;

/** Every component whose readable text is all messages; the raw-strings check covers these. */
const CONVERTED = [
  'App.svelte',
  'components/ConnectionBadge.svelte',
  'components/LanguagePicker.svelte',
  'components/SettingsMenu.svelte',
  'components/UserMenu.svelte',
  'pages/LobbyPage.svelte',
  'pages/AuthPage.svelte',
  'pages/LeaderboardPage.svelte',
  'components/Challenges.svelte',
  'components/GameList.svelte',
  'components/GuestTag.svelte',
  'components/MyGames.svelte',
  'components/QuickPairing.svelte',
  'components/WaitingSeek.svelte',
  'pages/GamePage.svelte',
  'components/GameControls.svelte',
  'components/GameInfo.svelte',
  'components/GameNotices.svelte',
  'components/GameOverBanner.svelte',
  'components/GameAnnouncer.svelte',
  'components/Board.svelte',
  'components/BoardResize.svelte',
  'components/BoardSquare.svelte',
  'components/MoveList.svelte',
  'components/PlayerBar.svelte',
  'components/PromotionDialog.svelte',
  'components/SeriesIndicator.svelte',
  'components/SanInput.svelte',
  'components/ChatPanel.svelte',
  'components/MateAnalysis.svelte',
  'components/SeekForm.svelte',
  'components/SeekList.svelte',
  'components/BotPanel.svelte',
  'components/BotBadge.svelte',
  'components/ChallengeButton.svelte',
  'components/InviteLink.svelte',
  'components/NameForm.svelte',
  'components/TvMini.svelte',
  'components/FriendsPanel.svelte',
  'components/NotificationBell.svelte',
  'components/ArchiveList.svelte',
  'components/RatingChart.svelte',
  'components/SocialButtons.svelte',
  'components/ApiTokens.svelte',
  'pages/FriendsPage.svelte',
  'pages/TvPage.svelte',
  'pages/RecoverPage.svelte',
  'pages/SettingsPage.svelte',
  'pages/ModerationPage.svelte',
  'pages/ProfilePage.svelte',
  'components/PuzzlePicker.svelte',
  'components/PuzzleStatus.svelte',
  'components/RuleSample.svelte',
  'components/analysis/BoardEditor.svelte',
  'components/analysis/EnginePanel.svelte',
  'components/analysis/Variations.svelte',
  'pages/AnalysisPage.svelte',
  'pages/InvitePage.svelte',
  'pages/PuzzlesPage.svelte',
  // no readable text of their own
  'components/BoardArrows.svelte',
  'components/BoardDrawings.svelte',
  'components/BoardPage.svelte',
  'components/Clock.svelte',
  'components/CopyButton.svelte',
  'components/MySeeks.svelte',
  'components/Piece.svelte',
  'components/PromotingBoard.svelte',
  'components/SoundToggle.svelte',
];
/** Still English only (issue 36 continues): each is converted, then moved to CONVERTED. */
const NOT_CONVERTED = [
  'pages/RulesPage.svelte',
];
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

describe('components', () => {
  it('lists every component as converted or not yet', () => {
    expect(components().sort()).toEqual([...CONVERTED, ...NOT_CONVERTED].sort());
  });

  it('has no readable text outside messages in the converted components', () => {
    for (const file of CONVERTED) {
      const raw = rawStrings(readFileSync(join(src, file), 'utf8')).filter((s) => !UNTRANSLATED.has(s));
      expect(raw, file).toEqual([]);
    }
  });

  it('finds raw text and readable attributes, not expressions', () => {
    expect(rawStrings('<script>const a = "x";</script><p title="Hello">{m.a()} Raw words</p>')).toEqual(['Hello', 'Raw words']);
    expect(rawStrings('<p aria-label={m.b()}>{n > 1 ? `${n} games` : "one"}</p><style>p { color: red }</style>')).toEqual([]);
  });
});
