// The project's rules document covers what the engine knows, and is linked where people look.
import { readFileSync } from 'node:fs';
import { LANGUAGES, OUTCOME_REASONS, PLAY_ERROR_CODES, TEN_TURN_MATE_NODES, VARIANTS, VARIANT_IDS } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { headingIds } from '../../server/src/http/rules-page.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const doc = read('docs/rules.md');

describe('docs/rules.md', () => {
  it('describes every variant by id and name, with its price list where it has one', () => {
    for (const id of VARIANT_IDS) {
      const v = VARIANTS[id];
      expect(doc, id).toContain(`\`${id}\``);
      expect(doc, id).toContain(v.name);
      if (v.costs) {
        const c = v.costs;
        expect(doc, id).toContain(`P${c.pawn} N${c.knight} B${c.bishop} R${c.rook} Q${c.queen} K${c.king}`);
      }
    }
  });

  it('names every outcome reason and every refusal of a move', () => {
    for (const reason of OUTCOME_REASONS) expect(doc, reason).toContain(`\`${reason}\``);
    for (const code of PLAY_ERROR_CODES) expect(doc, code).toContain(`\`${code}\``);
  });

  it('states the conventions of pchess series and the finished-game position (next)', () => {
    expect(doc).toMatch(/every non-empty prefix of a turn counts as a complete turn/);
    expect(doc).toMatch(/a position is the placement of the pieces plus the castling rights/);
    expect(doc).toMatch(/Where a finished game stands/);
  });

  it('states the ten-turn rule\'s mate exception with the engine\'s node budget', () => {
    expect(doc).toMatch(/The ten-turn rule's mate exception/);
    expect(doc).toContain(`\`TEN_TURN_MATE_NODES\` = ${TEN_TURN_MATE_NODES.toLocaleString('en-US')}`);
    expect(doc).toMatch(/When the search cannot finish\*\*, the draw stands/);
  });

  it('is linked from the README, the API notes and the web client\'s rules page', () => {
    expect(read('README.md')).toContain('(docs/rules.md)');
    expect(read('shared/API.md')).toContain('(../docs/rules.md)');
    expect(read('client/src/pages/RulesPage.svelte')).toContain('href="/docs/rules?lang={language.current}"');
  });
});

/** The headings' levels and section numbers (`2 5.1`, `4 5.1.1`), in order. */
const outline = (md: string): string[] =>
  [...md.matchAll(/^(#{1,6}) (\d+(?:\.\d+)*)?/gm)].map((m) => `${m[1]?.length} ${m[2] ?? ''}`);
/** The heading each of the document's own `#` links points at, by position (-1: none). */
const linkedHeadings = (md: string): number[] => {
  const ids = headingIds(md);
  return [...md.matchAll(/\]\(#([^)\s]+)\)/g)].map((m) => ids.indexOf(m[1] ?? ''));
};
/** Inline code (ids, codes, notation examples, commands), in order. */
const codeSpans = (md: string): string[] => [...md.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
/** Each table's shape: its rows' cell counts. */
const tableRows = (md: string): number[] => md.split('\n').filter((l) => l.startsWith('|')).map((l) => l.split('|').length);

describe.each(LANGUAGES.filter((l) => l !== 'en').map((l) => [l]))('docs/rules.%s.md, the translation', (language) => {
  const translation = read(`docs/rules.${language}.md`);

  it('has the English document\'s headings: as many, at the same levels, with the same section numbers', () => {
    expect(outline(translation)).toEqual(outline(doc));
    expect(headingIds(translation)).toHaveLength(headingIds(doc).length);
  });

  it('links its contents to the same sections, by its own headings\' GitHub ids (the web page maps them to the English ids)', () => {
    const own = linkedHeadings(translation);
    expect(own).not.toContain(-1);
    expect(own).toEqual(linkedHeadings(doc));
  });

  it('keeps every id, code, notation example and command of the English text, and its tables\' shapes', () => {
    const english = codeSpans(doc);
    const translated = codeSpans(translation);
    // the one formula written partly in words (the per-turn clock's) is translated
    for (const code of english.filter((c) => c !== 'base + perMove × series length')) expect(translated, code).toContain(code);
    for (const id of [...VARIANT_IDS, ...OUTCOME_REASONS, ...PLAY_ERROR_CODES]) expect(translated, id).toContain(id);
    expect(translation).toContain(`\`TEN_TURN_MATE_NODES\` = ${TEN_TURN_MATE_NODES}`);
    expect(tableRows(translation)).toEqual(tableRows(doc));
  });
});
