/**
 * Notifications of accounts (issue 34), without zod (the web client's header imports this):
 * the kinds, the views and their words. Schemas in notifications.ts.
 */

/**
 * What a notification is about. `tournament-soon` is a joined tournament starting in
 * TOURNAMENT_SOON_MS (tournament-runner.ts). `followed` is a new follower; `followed-game` and `followed-seek` a followed
 * player starting a public game or opening a seek.
 */
export const NOTIFICATION_KINDS = [
  'challenge',
  'your-turn',
  'game-ended',
  'rematch-offer',
  'takeback-offer',
  'tournament-soon',
  'followed',
  'followed-game',
  'followed-seek',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The ways a notification reaches its player: the in-app list (the bell), web push, e-mail. */
export const NOTIFICATION_CHANNELS = ['bell', 'push', 'email'] as const;
export type NotificationChannelName = (typeof NOTIFICATION_CHANNELS)[number];

/** Which kinds go out on each channel (`GET /api/notifications/prefs`). */
export type NotificationPrefs = Readonly<Record<NotificationChannelName, readonly NotificationKind[]>>;

/**
 * Until the account chooses: every kind in the bell; every kind pushed but an ended game and a
 * followed player's seek (frequent, and stale in minutes); by e-mail only the correspondence
 * "your turn" (and only when still unread after a delay: the server's NOTICE_EMAIL_DELAY_MS).
 */
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  bell: NOTIFICATION_KINDS,
  push: NOTIFICATION_KINDS.filter((k) => k !== 'game-ended' && k !== 'followed-seek'),
  email: ['your-turn'],
};

/** Notifications an account keeps: past it the oldest go. */
export const NOTIFICATIONS_PER_ACCOUNT = 100;
/** How long a notification is kept (read or not). */
export const NOTIFICATION_TTL_MS = 30 * 24 * 3600_000;

export interface NotificationView {
  readonly id: string;
  readonly kind: NotificationKind;
  /** When it was made (or last renewed: a second one about the same thing replaces the first). */
  readonly at: number;
  readonly read: boolean;
  /** The game it is about, when one. */
  readonly gameId?: string;
  /** The challenge it is about. */
  readonly seekId?: string;
  /** The other player's display name, when one. */
  readonly from?: string;
}

/** `GET /api/notifications`, newest first. */
export interface NotificationList {
  readonly notifications: readonly NotificationView[];
  readonly unread: number;
}

/** What a web-push message carries (the service worker shows it). */
export interface PushPayload {
  readonly title: string;
  readonly body: string;
  /** The page to open on a click. */
  readonly url: string;
  readonly kind: NotificationKind;
}

/** A notification in words: the bell's line and the push message's body. */
export function notificationText(n: Pick<NotificationView, 'kind' | 'from'>): string {
  const who = n.from ?? 'Your opponent';
  switch (n.kind) {
    case 'challenge':
      return `${who} challenges you`;
    case 'your-turn':
      return `Your move against ${n.from ?? 'your opponent'}`;
    case 'game-ended':
      return 'A game of yours ended';
    case 'rematch-offer':
      return `${who} offers a rematch`;
    case 'takeback-offer':
      return `${who} asks to take back a move`;
    case 'tournament-soon':
      return 'A tournament you joined starts in 5 minutes';
    case 'followed':
      return `${n.from ?? 'A player'} follows you`;
    case 'followed-game':
      return `${n.from ?? 'A player you follow'} started a game`;
    case 'followed-seek':
      return `${n.from ?? 'A player you follow'} is looking for a game`;
  }
}

/** The web client's page for a notification. */
export const notificationPath = (n: Pick<NotificationView, 'gameId'>): string => (n.gameId === undefined ? '/' : `/game/${n.gameId}`);
