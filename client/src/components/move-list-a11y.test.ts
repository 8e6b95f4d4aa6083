import { render, screen } from '@testing-library/svelte';
import type { MoveRecord } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import MoveList from './MoveList.svelte';

const rec = (san: string, turn: number, index: number): MoveRecord => ({ uci: 'a2a3', san, color: turn % 2 === 1 ? 'white' : 'black', turn, index, turnEnded: false, at: 0 });

describe('MoveList (screen readers)', () => {
  it("names each move in words ('knight takes e5, check'), not letters a reader spells out", () => {
    render(MoveList, { moves: [rec('e4', 1, 1), rec('Nf6', 2, 1), rec('Nxe4+', 2, 2)], viewPly: null, onview: () => {} });
    expect(screen.getByRole('button', { name: 'Turn 1, move 1: e4' }).textContent).toBe('e4');
    expect(screen.getByRole('button', { name: 'Turn 2, move 1: knight f6' }).textContent).toBe('Nf6');
    expect(screen.getByRole('button', { name: 'Turn 2, move 2: knight takes e4, check' }).textContent).toBe('Nxe4+');
  });
});
