import { VARIANT_IDS } from '@progressive-chess/shared';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { RULE_SAMPLES } from '../lib/rules/samples.js';
import RulesPage from './RulesPage.svelte';

const shown = (): string[] => screen.getAllByTestId('rule-sample').map((f) => f.getAttribute('data-sample') ?? '');

describe('RulesPage: rules you can watch', () => {
  it('the general page shows every sample series once, each on its own board', () => {
    render(RulesPage, { variant: null });
    expect(shown().sort()).toEqual(RULE_SAMPLES.map((s) => s.id).sort());
    for (const f of screen.getAllByTestId('rule-sample')) expect(f.querySelectorAll('[data-square]')).toHaveLength(64);
  });

  it.each(VARIANT_IDS.map((v) => [v]))("the %s page shows its variant's samples", (variant) => {
    render(RulesPage, { variant });
    expect(shown()).toEqual(RULE_SAMPLES.filter((s) => s.variant === variant).map((s) => s.id));
  });

  it('steps through a sample to its end: the mate is said and the board shows it', async () => {
    render(RulesPage, { variant: 'scottish' });
    const fig = screen.getAllByTestId('rule-sample')[0] as HTMLElement;
    const next = within(fig).getByRole('button', { name: 'Next move of the sample' });
    for (let i = 0; i < 6; i++) await fireEvent.click(next);
    expect(within(fig).getByTestId('sample-moves').textContent).toBe('e4 e5 Nf6 Bc4 Qh5 Qxf7#');
    expect(within(fig).getByTestId('sample-end').textContent).toBe('1-0 (checkmate)');
    expect(fig.querySelector('[data-square="f7"]')?.getAttribute('aria-label')).toMatch(/white queen/i);
    await fireEvent.click(within(fig).getByRole('button', { name: 'Start of the sample' }));
    expect(within(fig).getByTestId('sample-moves').textContent).toBe('(start)');
  });
});
