import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for WebAudio that counts the contexts made and the notes started. */
function fakeAudio() {
  const made = { contexts: 0, notes: 0 };
  const node = () => ({ connect: (n: unknown) => n ?? node(), start: () => void made.notes++, stop: () => undefined, type: '', frequency: { value: 0 }, gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined } });
  class FakeContext {
    currentTime = 0;
    destination = {};
    constructor() {
      made.contexts++;
    }
    createOscillator = node;
    createGain = node;
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return made;
}

/** A fresh copy of the module (its AudioContext is made once per page). */
async function sounds(): Promise<typeof import('./sounds.js')> {
  vi.resetModules();
  return import('./sounds.js');
}

describe('game sounds', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are not tried before the page has had a user gesture (the browser would refuse and warn), then play', async () => {
    const made = fakeAudio();
    const activation = { hasBeenActive: false };
    vi.stubGlobal('navigator', { ...navigator, userActivation: activation });
    const { playSound } = await sounds();
    playSound('move');
    expect(made).toEqual({ contexts: 0, notes: 0 });
    activation.hasBeenActive = true;
    playSound('move');
    expect(made.contexts).toBe(1);
    expect(made.notes).toBe(1);
  });

  it('play as before in a browser that cannot tell whether there was a gesture', async () => {
    const made = fakeAudio();
    vi.stubGlobal('navigator', { userAgent: 'old' });
    const { playSound } = await sounds();
    playSound('capture');
    expect(made.notes).toBe(2);
  });
});
