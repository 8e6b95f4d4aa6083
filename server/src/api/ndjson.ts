import { MAX_STREAMS_PER_TOKEN, STREAM_KEEPALIVE_MS } from '@progressive-chess/shared';
import type { Request, Response } from 'express';
import { fail } from '../services/errors.js';

/** An open NDJSON response: one JSON value per line, an empty line at least every `STREAM_KEEPALIVE_MS`. */
export interface Ndjson {
  send(value: object): void;
  end(): void;
  /** Called once when the stream ends (by `end`, or the client going away). */
  onClose(f: () => void): void;
  readonly closed: boolean;
}

/** `openStreams`: the app's open streams (ended when it closes: an open response would hold its HTTP server open). */
export function openNdjson(req: Request, res: Response, openStreams: Set<Ndjson>, keepAliveMs = STREAM_KEEPALIVE_MS): Ndjson {
  res.status(200);
  res.setHeader('Content-Type', 'application/x-ndjson');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  let closed = false;
  const closers: (() => void)[] = [];
  const close = (): void => {
    if (closed) return;
    closed = true;
    openStreams.delete(stream);
    clearInterval(timer);
    for (const f of closers) f();
  };
  // `compression` would hold lines back: each write is flushed when it offers `flush`
  const write = (s: string): void => {
    if (closed) return;
    res.write(s);
    (res as Response & { flush?: () => void }).flush?.();
  };
  const timer = setInterval(() => write('\n'), keepAliveMs);
  req.on('close', close);
  res.on('close', close);
  const stream: Ndjson = {
    send: (v) => write(`${JSON.stringify(v)}\n`),
    end() {
      if (!closed) res.end();
      close();
    },
    onClose: (f) => void closers.push(f),
    get closed() {
      return closed;
    },
  };
  openStreams.add(stream);
  return stream;
}

/**
 * Open streams per token on this node: at most `MAX_STREAMS_PER_TOKEN` (429 `too-many-streams`),
 * and one per game and token (409 `stream-open`).
 */
export class StreamSlots {
  private readonly open = new Map<string, Set<string>>();
  /** Every stream open on this app. */
  readonly streams = new Set<Ndjson>();

  endAll(): void {
    for (const s of [...this.streams]) s.end();
  }

  /** Takes a slot named `key` for the token; returns its release. */
  take(tokenId: string, key: string): () => void {
    const mine = this.open.get(tokenId) ?? new Set<string>();
    if (mine.has(key)) fail('stream-open', 'this token already streams this game');
    if (mine.size >= MAX_STREAMS_PER_TOKEN) fail('too-many-streams', `at most ${MAX_STREAMS_PER_TOKEN} open streams per token`);
    mine.add(key);
    this.open.set(tokenId, mine);
    return () => {
      mine.delete(key);
      if (mine.size === 0) this.open.delete(tokenId);
    };
  }
}
