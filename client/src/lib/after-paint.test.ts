import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint.js';

describe('afterPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs after the next frame in a visible page, not during the task that asked', () => {
    const frames: FrameRequestCallback[] = [];
    const timers: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('setTimeout', (cb: () => void) => timers.push(cb));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const ran = vi.fn();
    afterPaint(ran);
    expect(ran).not.toHaveBeenCalled();
    for (const frame of frames.splice(0)) frame(0);
    // the frame's rendering comes after its callbacks: still not run
    expect(ran).not.toHaveBeenCalled();
    for (const timer of timers.splice(0)) timer();
    expect(ran).toHaveBeenCalledOnce();
  });

  it('runs at once in a hidden tab (its frames wait until it is shown)', () => {
    const frame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frame);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const ran = vi.fn();
    afterPaint(ran);
    expect(ran).toHaveBeenCalledOnce();
    expect(frame).not.toHaveBeenCalled();
  });
});
