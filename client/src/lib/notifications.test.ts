import type { NotificationView } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { unreadAbout } from './notifications.svelte.js';

describe("the bell's notifications", () => {
  it("opening a game's page reads the unread ones about that game only", () => {
    const list: NotificationView[] = [
      { id: 'a', kind: 'your-turn', at: 3, read: false, gameId: 'g1' },
      { id: 'b', kind: 'game-ended', at: 2, read: true, gameId: 'g1' },
      { id: 'c', kind: 'your-turn', at: 1, read: false, gameId: 'g2' },
      { id: 'd', kind: 'challenge', at: 0, read: false, seekId: 's1' },
    ];
    expect(unreadAbout(list, 'g1')).toEqual(['a']);
    expect(unreadAbout(list, 'g3')).toEqual([]);
  });
});
