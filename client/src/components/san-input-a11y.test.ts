import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import SanInput from './SanInput.svelte';

describe('SanInput on phones', () => {
  it("asks the phone's keyboard not to capitalise or correct a move ('e4' typed would become 'E4', not a move)", () => {
    render(SanInput, { onsubmit: () => null });
    const box = screen.getByRole('textbox', { name: 'Type a move' });
    expect(box.getAttribute('autocapitalize')).toBe('none');
    expect(box.getAttribute('autocorrect')).toBe('off');
    expect(box.getAttribute('spellcheck')).toBe('false');
  });
});
