// The project's rules document covers what the engine knows, and is linked where people look.
import { readFileSync } from 'node:fs';
import { OUTCOME_REASONS, PLAY_ERROR_CODES, TEN_TURN_MATE_NODES, VARIANTS, VARIANT_IDS } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';

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
    expect(read('client/src/pages/RulesPage.svelte')).toContain('href="/docs/rules"');
  });
});
