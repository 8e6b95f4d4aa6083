import { describe, expect, it, vi } from 'vitest';

const played = vi.hoisted(() => [] as string[]);
vi.mock('../sounds.js', () => ({ playSound: (name: string) => played.push(name) }));
const { paired } = await import('./paired.js');

describe('paired: a tournament paired me', () => {
  it('sounds once per game, even when its start is told again', () => {
    paired('g1');
    paired('g1');
    expect(played).toEqual(['paired']);
    paired('g2');
    expect(played).toEqual(['paired', 'paired']);
  });
});
