import type { ErrorCode } from '@progressive-chess/shared';

/** An HTTP API answer: the JSON body, or the server's `{ code, message }`. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; code: ErrorCode | 'network'; message: string };

/**
 * JSON over HTTP to the game server (same origin, cookies included): GET, or POST (PUT) a body. Never
 * rejects. `headers`: more request headers (e.g. a guest's identity token, where an API takes guests).
 */
export async function api<T>(
  path: string,
  body?: unknown,
  how: { readonly method?: 'POST' | 'PUT'; readonly headers?: Readonly<Record<string, string>> } = {},
): Promise<ApiResult<T>> {
  const { method = 'POST', headers = {} } = how;
  try {
    const res = await fetch(path, {
      method: body === undefined ? 'GET' : method,
      credentials: 'same-origin',
      headers: body === undefined ? { ...headers } : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as unknown;
    if (res.ok) return { ok: true, data: json as T };
    const err = json as { code?: ErrorCode; message?: string };
    return { ok: false, code: err.code ?? 'internal', message: err.message ?? `HTTP ${res.status}` };
  } catch {
    return { ok: false, code: 'network', message: 'The server could not be reached.' };
  }
}
