import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import BotPanel from './BotPanel.svelte';

describe('BotPanel', () => {
  it('asks for a game against the computer with the chosen variant, clock, colour and level', async () => {
    const onplay = vi.fn();
    render(BotPanel, { onplay });
    await fireEvent.change(screen.getByLabelText('Computer game type'), { target: { value: 'italian' } });
    await fireEvent.change(screen.getByLabelText('Computer game clock'), { target: { value: 'f5+3' } });
    await fireEvent.click(screen.getByLabelText('Black'));
    await fireEvent.click(screen.getByLabelText('3: Hard'));
    await fireEvent.click(screen.getByRole('button', { name: 'Play the computer' }));
    expect(onplay).toHaveBeenCalledWith({
      variant: 'italian',
      timeControl: { kind: 'fischer', initial: 300, increment: 3 },
      color: 'black',
      level: 3,
    });
  });

  it('offers no correspondence clock and is disabled while busy', () => {
    render(BotPanel, { onplay: () => {}, busy: true });
    const options = [...(screen.getByLabelText('Computer game clock') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toContain('none');
    expect(options.some((v) => v.startsWith('c'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Play the computer' })).toHaveProperty('disabled', true);
  });
});
