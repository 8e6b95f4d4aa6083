import { fireEvent, render, screen } from '@testing-library/svelte';
import { TIME_CONTROL_BOUNDS, timeControlSchema, type ClientPayload } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import SeekForm from './SeekForm.svelte';

const input = (label: string): HTMLInputElement => screen.getByLabelText(label) as HTMLInputElement;

describe('SeekForm: the custom time control offers what the server accepts (shared TIME_CONTROL_BOUNDS)', () => {
  it("Fischer: from the schema's minimum (10 s, as a fraction of a minute) to its maximum", async () => {
    const oncreate = vi.fn<(s: ClientPayload<'seek:create'>) => void>();
    render(SeekForm, { oncreate });
    await fireEvent.click(screen.getByLabelText('Custom'));
    const minutes = input('Minutes');
    expect(Number(minutes.min) * 60).toBeCloseTo(TIME_CONTROL_BOUNDS.fischer.initial.min);
    expect(Number(minutes.max) * 60).toBe(TIME_CONTROL_BOUNDS.fischer.initial.max);
    expect(minutes.step).toBe('any');
    expect(Number(input('Increment (s)').max)).toBe(TIME_CONTROL_BOUNDS.fischer.increment.max);
    await fireEvent.input(minutes, { target: { value: minutes.min } });
    await fireEvent.input(input('Increment (s)'), { target: { value: '0' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Create game' }));
    const sent = oncreate.mock.calls[0]?.[0];
    expect(sent?.timeControl).toEqual({ kind: 'fischer', initial: 10, increment: 0 });
    expect(timeControlSchema.safeParse(sent?.timeControl).success).toBe(true);
  });

  it('per turn and correspondence: the inputs carry the bounds of the schema', async () => {
    render(SeekForm, { oncreate: () => {} });
    await fireEvent.click(screen.getByLabelText('Custom'));
    const kind = screen.getByLabelText('Clock kind') as HTMLSelectElement;
    await fireEvent.change(kind, { target: { value: 'per-turn' } });
    expect([input('Base (s)').min, input('Base (s)').max].map(Number)).toEqual([TIME_CONTROL_BOUNDS['per-turn'].base.min, TIME_CONTROL_BOUNDS['per-turn'].base.max]);
    expect(Number(input('Per move (s)').max)).toBe(TIME_CONTROL_BOUNDS['per-turn'].perMove.max);
    await fireEvent.change(kind, { target: { value: 'correspondence' } });
    const days = TIME_CONTROL_BOUNDS.correspondence.daysPerTurn;
    expect([input('Days').min, input('Days').max].map(Number)).toEqual([days.min, days.max]);
  });
});
