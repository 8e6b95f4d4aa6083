import { CHAT_HISTORY, opposite, type ChatChannel, type ChatMessage, type Seat } from '@progressive-chess/shared';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { newId } from '../ids.js';
import type { Store } from '../store/store.js';
import { fail } from './errors.js';
import { parseDoc, seatOf } from './game-doc.js';

export interface ChatLimits {
  /** Lines one player may send per window, per game. */
  readonly lines: number;
  readonly windowSec: number;
  /** How long a channel lives after its last line (never longer than its game, once that expires: the store sees to it). */
  readonly ttlMs: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = { lines: 5, windowSec: 10, ttlMs: 24 * 3600 * 1000 };

export interface ChatDeps {
  readonly store: Store;
  readonly now: () => number;
  readonly limits: ChatLimits;
  /** Delivers a line to every socket that joined its channel (the transport implements it). */
  readonly publish: (message: ChatMessage) => void;
  /**
   * Whether `sender` may chat (`opponent`: the other player, in the players' channel; null among
   * spectators). Refused with `chat-unavailable` (a muted account, a block between the players).
   * Absent: everyone may.
   */
  readonly mayChat?: (sender: string, opponent: string | null) => Promise<boolean>;
}

export interface Sender {
  readonly playerId: string;
  readonly name: string;
}

/**
 * Game chat. The players share one channel, spectators have their own; a seat decides the
 * channel, never the client. Lines are plain text (length checked by the protocol schema),
 * rate limited per sender and game, stored capped (`CHAT_HISTORY`) and expiring.
 */
export class ChatService {
  private readonly limiter: RateLimiterMemory;

  constructor(private readonly deps: ChatDeps) {
    this.limiter = new RateLimiterMemory({ points: deps.limits.lines, duration: deps.limits.windowSec });
  }

  /** The caller's channel of a game and its stored lines. */
  async join(playerId: string, gameId: string): Promise<{ channel: ChatChannel; messages: ChatMessage[] }> {
    const { channel } = await this.seat(playerId, gameId);
    const lines = await this.deps.store.loadChat(gameId, channel);
    return { channel, messages: lines.map((l) => JSON.parse(l) as ChatMessage) };
  }

  async send(from: Sender, gameId: string, text: string): Promise<{ message: ChatMessage }> {
    const { channel, seat, doc } = await this.seat(from.playerId, gameId);
    const opponent = seat === 'spectator' ? null : doc.players[opposite(seat)].id;
    if (this.deps.mayChat && !(await this.deps.mayChat(from.playerId, opponent))) fail('chat-unavailable', 'you cannot chat in this game');
    const allowed = await this.limiter.consume(`${gameId}:${from.playerId}`).then(
      () => true,
      (e: unknown) => {
        if (e instanceof RateLimiterRes) return false;
        throw e;
      },
    );
    if (!allowed) fail('rate-limited', 'you are chatting too fast; wait a few seconds');
    const message: ChatMessage = {
      id: newId(),
      gameId,
      channel,
      from: { id: from.playerId, name: from.name, seat },
      text,
      at: this.deps.now(),
    };
    await this.deps.store.appendChat(gameId, channel, JSON.stringify(message), CHAT_HISTORY, this.deps.limits.ttlMs);
    this.deps.publish(message);
    return { message };
  }

  private async seat(playerId: string, gameId: string) {
    const head = (await this.deps.store.loadGameHead(gameId)) ?? fail('unknown-game', `no game ${gameId}`);
    const doc = parseDoc(head.doc);
    const seat: Seat = seatOf(doc, playerId) ?? 'spectator';
    const channel: ChatChannel = seat === 'spectator' ? 'spectators' : 'players';
    return { seat, channel, doc };
  }
}
