import { CHAT_MAX_LENGTH, type ChatChannel, type ChatMessage } from '@progressive-chess/shared';
import type { RequestFn } from './socket.js';

/**
 * The chat of one game page: the channel the server put me in (players or spectators), its
 * lines, sending, and muting the other side (lines of others are hidden, not deleted).
 */
export class ChatModel {
  readonly gameId: string;
  channel = $state<ChatChannel | null>(null);
  messages = $state.raw<readonly ChatMessage[]>([]);
  muted = $state(false);
  error = $state<string | null>(null);
  private readonly request: RequestFn;
  private readonly myId: () => string | null;

  constructor(gameId: string, request: RequestFn, myId: () => string | null) {
    this.gameId = gameId;
    this.request = request;
    this.myId = myId;
  }

  /** Lines on show: mine always, the others' unless muted. */
  readonly shown = $derived.by(() => (this.muted ? this.messages.filter((m) => m.from.id === this.myId()) : this.messages));

  async join(): Promise<void> {
    const res = await this.request('chat:join', { gameId: this.gameId });
    if (!res.ok) {
      this.error = res.message;
      return;
    }
    this.channel = res.channel;
    // Lines that arrived while joining stay (deduplicated by id).
    const known = new Set(res.messages.map((m) => m.id));
    this.messages = [...res.messages, ...this.messages.filter((m) => !known.has(m.id))];
  }

  received(m: ChatMessage): void {
    if (m.gameId !== this.gameId || this.messages.some((x) => x.id === m.id)) return;
    this.messages = [...this.messages, m];
  }

  /** Sends a line; resolves true when the server took it. */
  async send(text: string): Promise<boolean> {
    const t = text.trim();
    if (!t) return false;
    if (t.length > CHAT_MAX_LENGTH) {
      this.error = `At most ${CHAT_MAX_LENGTH} characters.`;
      return false;
    }
    const res = await this.request('chat:send', { gameId: this.gameId, text: t });
    if (!res.ok) {
      this.error = res.message;
      return false;
    }
    this.error = null;
    this.received(res.message);
    return true;
  }
}
