import { normalizeChatText, type ChatChannel, type ChatMessage } from '@progressive-chess/shared';
import type { RequestFn } from './socket.js';
import { refusalText } from './refusals.js';

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
  /** The game has no live chat any more (finished and served from the archive): nothing to join or send. */
  closed = $state(false);
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
      this.refused(res);
      return;
    }
    this.closed = false;
    this.error = null;
    this.channel = res.channel;
    // Lines that arrived while joining stay (deduplicated by id).
    const known = new Set(res.messages.map((m) => m.id));
    this.messages = [...res.messages, ...this.messages.filter((m) => !known.has(m.id))];
  }

  /** The server answers unknown-game for a game gone from the live store (archived) with its chat: closed, not an error. */
  private refused(res: { readonly code: string; readonly message: string }): void {
    if (res.code === 'unknown-game') this.closed = true;
    else this.error = refusalText(res.code, res.message);
  }

  received(m: ChatMessage): void {
    if (m.gameId !== this.gameId || this.messages.some((x) => x.id === m.id)) return;
    this.messages = [...this.messages, m];
  }

  /**
   * Sends a line; resolves true when the server took it. A line the server would refuse (too
   * long in characters as people count them, a bidi control...: the shared `normalizeChatText`)
   * is not sent, and says why.
   */
  async send(text: string): Promise<boolean> {
    if (!text.trim()) return false;
    const checked = normalizeChatText(text);
    if (!checked.ok) {
      this.error = checked.message;
      return false;
    }
    const res = await this.request('chat:send', { gameId: this.gameId, text: checked.text });
    if (!res.ok) {
      this.refused(res);
      return false;
    }
    this.error = null;
    this.received(res.message);
    return true;
  }
}
