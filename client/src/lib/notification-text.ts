import type { NotificationView } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

/** A notification in the current language (shared's notificationText is the English of push messages). */
export function notificationText(n: Pick<NotificationView, 'kind' | 'from'>): string {
  const who = n.from ?? (n.kind === 'your-turn' ? m.your_opponent_lower() : m.your_opponent());
  return m.notification_text({ kind: n.kind, who });
}
