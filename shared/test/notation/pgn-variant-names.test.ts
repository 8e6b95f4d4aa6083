// The `Variant` tag carries the variant's full name of docs/rules.md section 6, and a file
// written with those names reads back.
import { describe, expect, it } from 'vitest';
import { makePgn, parsePgn, variantFromTag } from '../../src/notation/index.js';
import { VARIANTS, type VariantId } from '../../src/rules/index.js';

/** The names of the rules' table of variants, as written there. */
const TABLE_NAMES: ReadonlyArray<readonly [VariantId, string]> = [
  ['scottish', 'Scottish progressive (Scotch chess)'],
  ['italian', 'Italian progressive'],
  ['english', 'English progressive (ENPR)'],
  ['logical', 'Logical progressive (P. Byway)'],
  ['escalation', 'Escalation chess'],
  ['take-all', 'Progressive Take-All'],
  ['cost', 'Cost progressive (Sirotkin)'],
  ['cost-simple', 'Simple cost progressive'],
  ['cost-fibonacci', 'Fibonacci cost progressive'],
];

describe('PGN Variant names', () => {
  it.each(TABLE_NAMES)('%s: export writes "%s" and import reads it back', (variant, name) => {
    const pgn = makePgn({ variant, moves: [] });
    expect(pgn).toContain(`[Variant "${name}"]`);
    expect(variantFromTag(name)).toBe(variant);
    const back = parsePgn(pgn);
    expect(back.ok && back.value.parsed.record.variant).toBe(variant);
  });

  it('still reads the names the site shows, which older exports carried', () => {
    for (const v of Object.values(VARIANTS)) expect(variantFromTag(v.name)).toBe(v.id);
    expect(variantFromTag('Escalation')).toBe('escalation');
  });
});
