import { TOURNAMENT_LIMITS } from '@progressive-chess/shared';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import TournamentCreateForm from './TournamentCreateForm.svelte';

const NOW = Date.UTC(2026, 10, 28, 10, 0);

describe('TournamentCreateForm', () => {
  it('shows a problem next to its field before sending, then the server\'s refusal', async () => {
    const oncreate = vi.fn((_t: unknown) => Promise.resolve<string | null>('You already have the most open tournaments allowed.'));
    render(TournamentCreateForm, { oncreate, now: () => NOW });
    const name = screen.getByLabelText('Name');
    await fireEvent.click(screen.getByRole('button', { name: 'Create the tournament' }));
    expect(oncreate).not.toHaveBeenCalled();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(`The name must have ${TOURNAMENT_LIMITS.name.min} to ${TOURNAMENT_LIMITS.name.max} characters.`);
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);

    await fireEvent.input(name, { target: { value: 'Friday Swiss' } });
    await fireEvent.click(screen.getByRole('radio', { name: 'Swiss' }));
    // the kind's own field, bounded by the shared limits
    const rounds = screen.getByLabelText('Rounds');
    expect([rounds.getAttribute('min'), rounds.getAttribute('max')]).toEqual([String(TOURNAMENT_LIMITS.swissRounds.min), String(TOURNAMENT_LIMITS.swissRounds.max)]);
    expect(screen.queryByLabelText('Duration (minutes)')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Create the tournament' }));
    await tick();
    expect(oncreate).toHaveBeenCalledWith(expect.objectContaining({ name: 'Friday Swiss', kind: 'swiss', rounds: TOURNAMENT_LIMITS.swissRounds.min + 2 }));
    await tick();
    expect(screen.getByRole('alert').textContent).toBe('You already have the most open tournaments allowed.');
  });
});
