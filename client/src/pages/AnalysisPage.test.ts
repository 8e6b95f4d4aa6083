import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AnalysisPage from './AnalysisPage.svelte';

async function importText(text: string): Promise<void> {
  await fireEvent.input(screen.getByLabelText(/Paste a PGN/), { target: { value: text } });
  await fireEvent.click(screen.getByRole('button', { name: 'Import' }));
}

describe('AnalysisPage', () => {
  it('shows a resigned game as over at its final position, with no side to move', async () => {
    render(AnalysisPage);
    await importText('[Variant "Scottish progressive"]\n[Result "0-1"]\n[Termination "resignation"]\n\n1.e4 2.e5 Nc6 0-1');
    expect(screen.getByTestId('analysis-result').textContent).toBe('Game over: 0-1 (resignation)');
    expect(screen.queryByTestId('series-label')).toBeNull();
    // The end of an imported game is its last move, not "live".
    expect(screen.getByRole('button', { name: 'Last move' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: /live/i })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Previous move' }));
    expect(screen.queryByTestId('analysis-result')).toBeNull();
    expect(screen.getByTestId('series-label').textContent).toBe('Move 2 of 2');
    await fireEvent.click(screen.getByRole('button', { name: 'Go to the last move' }));
    expect(screen.getByTestId('analysis-result').textContent).toBe('Game over: 0-1 (resignation)');
  });

  it("a set-up position's empty move list says who starts, and with how many moves", async () => {
    render(AnalysisPage);
    await importText('[Variant "Scottish progressive"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 b - - 0 1"]\n[Turn "4"]\n\n*');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Black plays 4 moves, then White 5, Black 6...')).not.toBeNull();
  });

  it('reads plain moves in the chosen variant, and tells errors in sentences', async () => {
    render(AnalysisPage);
    await importText('1.e4 2.f6 g5 3.Qh5#');
    expect(screen.getByTestId('analysis-result').textContent).toBe('Game over: 1-0 (checkmate)');
    // Italian refuses the early check: choosing it reads the moves again.
    await fireEvent.change(screen.getByLabelText(/Variant of moves without a Variant tag/), { target: { value: 'italian' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'This PGN does not read. Turn 3, move 1 (Qh5#): check is allowed only on the last move of the series.',
    );
    await importText('[Variant "Nonsense"]\n\n1.e4');
    expect(screen.getByRole('alert').textContent).toBe('This PGN does not read. Unknown variant "Nonsense".');
  });

  it("reads a file of several games (a profile's Export PGN): the first is shown, another is picked by name", async () => {
    render(AnalysisPage);
    const game = (white: string, black: string, result: string, moves: string) =>
      `[Event "Progressive Chess Live"]\n[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n[Variant "Scottish progressive"]\n[Termination "resignation"]\n\n${moves} ${result}\n\n`;
    await importText(game('alice', 'Computer', '0-1', '') + game('bob', 'alice', '1-0', '1.d4 2.d5 Bf5 3.c4 Nc3 cxd5'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('analysis-result').textContent).toBe('Game over: 0-1 (resignation)');
    const pick = screen.getByLabelText<HTMLSelectElement>(/Game \(2 in this PGN\)/);
    expect([...pick.options].map((o) => o.textContent)).toEqual(['1. alice – Computer, 0-1', '2. bob – alice, 1-0']);
    await fireEvent.change(pick, { target: { value: '1' } });
    expect(screen.getByTestId('analysis-result').textContent).toBe('Game over: 1-0 (resignation)');
    expect(screen.queryByText('cxd5')).not.toBeNull();
  });

  it('arrow keys in a list (the variant) change the list, not the move shown', async () => {
    render(AnalysisPage);
    await importText('1.e4 2.e5 Nf6');
    const variant = screen.getByLabelText(/Variant of moves without a Variant tag/);
    variant.focus();
    await fireEvent.keyDown(variant, { key: 'ArrowLeft' });
    expect(screen.queryByRole('button', { name: 'Go to the last move' })).toBeNull();
    await fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(screen.getByRole('button', { name: 'Go to the last move' })).toHaveProperty('disabled', false);
  });

  it('names the chosen file on the file button', async () => {
    render(AnalysisPage);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.closest('label')?.textContent).toBe('Open a file…');
    const file = new File(['[Variant "ENPR"]\n\n1.e4 *'], 'my-game.pgn', { type: 'text/plain' });
    await fireEvent.change(input, { target: { files: [file] } });
    await screen.findByText('File: my-game.pgn');
    await screen.findByRole('button', { name: 'Turn 1, move 1: e4' });
    expect(screen.queryByText(/English progressive/, { selector: '.tags' })).not.toBeNull();
    // Edited text is no longer the file's.
    await fireEvent.input(screen.getByLabelText(/Paste a PGN/), { target: { value: '1.d4' } });
    expect(input.closest('label')?.textContent).toBe('Open a file…');
  });
});
