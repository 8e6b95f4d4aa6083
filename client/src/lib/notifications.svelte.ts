import type { NotificationList, NotificationView } from '@progressive-chess/shared';
import { api } from './api.js';
import { m } from './i18n.svelte.js';

/** The signed-in account's notifications (the header's bell): loaded over HTTP, new ones over the socket (`notify:new`). */
export const notifications: { list: NotificationView[]; unread: number } = $state({ list: [], unread: 0 });

export async function loadNotifications(): Promise<void> {
  const r = await api<NotificationList>('/api/notifications');
  if (!r.ok) return;
  notifications.list = [...r.data.notifications];
  notifications.unread = r.data.unread;
}

export function received(n: NotificationView, unread: number): void {
  notifications.list = [n, ...notifications.list.filter((x) => x.id !== n.id)];
  notifications.unread = unread;
}

export async function markAllRead(): Promise<void> {
  const r = await api<{ unread: number }>('/api/notifications/read', {});
  if (!r.ok) return;
  notifications.unread = r.data.unread;
  notifications.list = notifications.list.map((n) => ({ ...n, read: true }));
}

/** The unread notifications about a game: read once its page is open. */
export const unreadAbout = (list: readonly NotificationView[], gameId: string): string[] =>
  list.filter((n) => !n.read && n.gameId === gameId).map((n) => n.id);

export async function markRead(ids: readonly string[]): Promise<void> {
  const r = await api<{ unread: number }>('/api/notifications/read', { ids });
  if (!r.ok) return;
  notifications.unread = r.data.unread;
  notifications.list = notifications.list.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n));
}

export function clearNotifications(): void {
  notifications.list = [];
  notifications.unread = 0;
}

/** Whether this browser can take web push at all. */
export const pushSupported = (): boolean => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * Asks for the permission (called from a click only), registers the service worker and sends its
 * subscription to the server. The answer in words.
 */
export async function enablePush(): Promise<string> {
  if (!pushSupported()) return m.push_unsupported();
  if ((await Notification.requestPermission()) !== 'granted') return m.push_blocked();
  const key = await api<{ publicKey: string }>('/api/push/key');
  if (!key.ok) return key.message;
  try {
    const reg = await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.data.publicKey });
    const r = await api('/api/push/subscribe', sub.toJSON());
    return r.ok ? m.push_on() : r.message;
  } catch {
    return m.push_failed();
  }
}
