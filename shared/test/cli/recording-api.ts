import type { ApiClient } from '../../cli/bot-http.js';

/** An API client that records the requests (each answered ok) and follows no stream. */
export function recordingApi(): { api: ApiClient; requests: string[] } {
  const requests: string[] = [];
  const api: ApiClient = {
    request: (method, path) => {
      requests.push(`${method} ${path}`);
      return Promise.resolve({ status: 200, body: { ok: true } });
    },
    follow: () => ({ stopped: Promise.resolve(), stop: () => undefined }),
  };
  return { api, requests };
}
