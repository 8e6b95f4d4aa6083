import { describe, expect, it } from 'vitest';
import { drawColor, toggleDrawing } from './drawings.js';

const none = { shiftKey: false, altKey: false, ctrlKey: false, metaKey: false };

describe('board drawings', () => {
  it('adds a shape, removes it when drawn again, replaces it in another colour', () => {
    const a = toggleDrawing([], { from: 12, to: 28, color: 'green' });
    expect(a).toEqual([{ from: 12, to: 28, color: 'green' }]);
    expect(toggleDrawing(a, { from: 12, to: 28, color: 'green' })).toEqual([]);
    expect(toggleDrawing(a, { from: 12, to: 28, color: 'red' })).toEqual([{ from: 12, to: 28, color: 'red' }]);
    expect(toggleDrawing(a, { from: 28, to: 28, color: 'green' })).toHaveLength(2);
  });

  it('picks the colour by the modifier keys', () => {
    expect(drawColor(none)).toBe('green');
    expect(drawColor({ ...none, shiftKey: true })).toBe('red');
    expect(drawColor({ ...none, altKey: true })).toBe('blue');
    expect(drawColor({ ...none, ctrlKey: true })).toBe('yellow');
  });
});
