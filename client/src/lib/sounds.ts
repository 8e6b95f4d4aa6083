import { VOLUME_MAX } from '@progressive-chess/shared';
import { preferences } from './preferences.svelte.js';
import { isMuted } from './storage.js';

/**
 * Game sounds, synthesised with WebAudio (no files to download): a short envelope per note.
 * Muting is remembered by the browser; the volume is the player's preference (0-100).
 */
export type SoundName = 'move' | 'capture' | 'check' | 'series' | 'low' | 'end' | 'paired';

/** [frequency Hz, start s, duration s, waveform, peak gain] */
type Note = readonly [number, number, number, OscillatorType, number];

const NOTES: Record<SoundName, readonly Note[]> = {
  move: [[520, 0, 0.07, 'triangle', 0.35]],
  capture: [
    [300, 0, 0.06, 'square', 0.18],
    [180, 0.05, 0.09, 'triangle', 0.35],
  ],
  check: [
    [880, 0, 0.09, 'sawtooth', 0.12],
    [660, 0.1, 0.12, 'sawtooth', 0.12],
  ],
  series: [
    [523, 0, 0.08, 'sine', 0.3],
    [784, 0.09, 0.12, 'sine', 0.3],
  ],
  low: [
    [1000, 0, 0.05, 'square', 0.1],
    [1000, 0.12, 0.05, 'square', 0.1],
  ],
  /** A tournament paired me: a rising call, unlike a move's. */
  paired: [
    [440, 0, 0.1, 'triangle', 0.3],
    [554, 0.1, 0.1, 'triangle', 0.3],
    [659, 0.2, 0.1, 'triangle', 0.3],
    [880, 0.3, 0.2, 'triangle', 0.3],
  ],
  end: [
    [392, 0, 0.15, 'sine', 0.3],
    [523, 0.16, 0.15, 'sine', 0.3],
    [659, 0.32, 0.3, 'sine', 0.3],
  ],
};

let ctx: AudioContext | null = null;

/** A note's peak at the player's volume (0: silent; the envelope's floor stays under it). */
export const noteGain = (peak: number, volume: number): number => (peak * volume) / VOLUME_MAX;

export { isMuted, setMuted } from './storage.js';

/**
 * Browsers start no audio before the page's first user gesture, and warn for every try (a spectator
 * who only watches would log one per move): nothing is tried until then. A browser that cannot
 * tell (no `navigator.userActivation`) tries as before.
 */
function gestureSeen(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } } | undefined)?.userActivation;
  return activation?.hasBeenActive ?? true;
}

/** Plays a sound unless muted, before the page's first user gesture, or without WebAudio (tests, old browsers). */
export function playSound(name: SoundName): void {
  const volume = preferences.volume;
  if (isMuted() || volume === 0 || typeof AudioContext === 'undefined' || !gestureSeen()) return;
  ctx ??= new AudioContext();
  const t0 = ctx.currentTime + 0.01;
  for (const [freq, start, dur, type, peak] of NOTES[name]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0, t0 + start);
    gain.gain.linearRampToValueAtTime(Math.max(noteGain(peak, volume), 0.002), t0 + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.001, t0 + start + dur);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + dur + 0.02);
  }
}

/** What the game looked like, for deciding the sounds of a change. */
export interface SoundView {
  readonly sans: readonly string[];
  readonly myTurn: boolean;
  readonly over: boolean;
}

/** The sounds of one change of the game page (new moves, my series starting, the game ending). */
export function soundsFor(before: SoundView, after: SoundView): SoundName[] {
  const out: SoundName[] = [];
  if (after.sans.length > before.sans.length) {
    const san = after.sans.at(-1) ?? '';
    out.push(/[+#]$/.test(san) ? 'check' : san.includes('x') ? 'capture' : 'move');
  }
  if (after.over && !before.over) out.push('end');
  else if (after.myTurn && !before.myTurn && !after.over) out.push('series');
  return out;
}
