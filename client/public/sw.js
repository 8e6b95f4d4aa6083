/* global self */
// The service worker of web push (issue 34): shows what the server pushes, opens its page on a click.
// Plain JavaScript: served as is from the site's root (scope "/").

/** The notification to show for a push message's text (a PushPayload as JSON). */
function shown(text) {
  let p = null;
  try {
    p = JSON.parse(text);
  } catch {
    // not ours
  }
  if (p === null || typeof p !== 'object' || typeof p.title !== 'string') return null;
  return {
    title: p.title,
    options: { body: typeof p.body === 'string' ? p.body : '', tag: typeof p.kind === 'string' ? p.kind : 'notice', data: { url: typeof p.url === 'string' ? p.url : '/' } },
  };
}

self.addEventListener('push', (event) => {
  const n = event.data ? shown(event.data.text()) : null;
  if (n !== null) event.waitUntil(self.registration.showNotification(n.title, n.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // only pages of this site
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
