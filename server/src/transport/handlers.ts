import type { AckData, ClientEventName, ClientPayload } from '@progressive-chess/shared';
import type { BotService } from '../bot/bot-service.js';
import type { ChatService } from '../services/chat-service.js';
import type { GameCommands } from '../services/game-commands.js';
import type { Identity } from '../services/identity.js';
import type { LobbyService } from '../services/lobby-service.js';
import type { RoomService } from '../services/room-service.js';
import { checkRoomCap } from '../services/room-cap.js';
import { CHAT_CHANNELS, CHAT_ROOM_PREFIX, chatRoom, type AppSocket } from './socket-types.js';

export interface Services {
  readonly identity: Identity;
  readonly lobby: LobbyService;
  readonly rooms: RoomService;
  readonly commands: GameCommands;
  readonly chat: ChatService;
  readonly bots: BotService;
  /** Distinct players connected, on every node. */
  readonly online: () => Promise<number>;
}

/** One handler per protocol event: (socket, parsed payload, whether the client waits for an ack) -> the ack's data. */
export type Handlers = {
  [E in ClientEventName]: (socket: AppSocket, payload: ClientPayload<E>, acked: boolean) => Promise<AckData[E]>;
};

const none = {};

export function createHandlers({ identity, lobby, rooms, commands, chat, bots, online }: Services): Handlers {
  const me = (s: AppSocket) => s.data.playerId;
  /** A game command's event reaches its connection in the ack, when it asked for one; else in the broadcast. */
  const origin = (s: AppSocket, acked: boolean): string | undefined => (acked ? s.id : undefined);
  return {
    'session:setName': async (s, p) => {
      s.data.name = await identity.setName(me(s), p.name);
      return { name: s.data.name };
    },
    'lobby:subscribe': (s) => lobby.subscribe(s),
    'lobby:unsubscribe': async (s) => {
      await lobby.unsubscribe(s);
      return none;
    },
    'lobby:online': async () => ({ players: await online() }),
    'lobby:myGames': async (s) => ({ myGames: await lobby.gamesOf(me(s)) }),
    'seek:create': (s, p) => lobby.create(me(s), p),
    'seek:cancel': async (s, p) => {
      await lobby.cancel(me(s), p.seekId);
      return none;
    },
    'seek:accept': (s, p) => lobby.accept(me(s), p),
    'seek:decline': async (s, p) => {
      await lobby.decline(me(s), p.seekId);
      return none;
    },
    'invite:get': (_s, p) => lobby.invite(p.code),
    'game:join': (s, p) => rooms.join(s, p.gameId),
    // leaving a game leaves its chat too (the web client never leaves a chat on its own)
    'game:leave': async (s, p) => {
      await rooms.leave(s, p.gameId);
      for (const channel of CHAT_CHANNELS) await s.leave(chatRoom(p.gameId, channel));
      return none;
    },
    'game:resync': (s, p) => rooms.resync(s, p.gameId),
    'game:move': (s, p, acked) => commands.move(me(s), p, origin(s, acked)),
    'game:endTurn': (s, p, acked) => commands.endTurn(me(s), p, origin(s, acked)),
    'game:resign': (s, p, acked) => commands.resign(me(s), p.gameId, origin(s, acked)),
    'game:drawOffer': (s, p, acked) => commands.drawOffer(me(s), p.gameId, origin(s, acked)),
    'game:drawAccept': (s, p, acked) => commands.drawAccept(me(s), p.gameId, origin(s, acked)),
    'game:drawDecline': (s, p, acked) => commands.drawDecline(me(s), p.gameId, origin(s, acked)),
    'game:takebackOffer': (s, p, acked) => commands.takebackOffer(me(s), p.gameId, origin(s, acked)),
    'game:takebackAccept': (s, p, acked) => commands.takebackAccept(me(s), p.gameId, origin(s, acked)),
    'game:takebackDecline': (s, p, acked) => commands.takebackDecline(me(s), p.gameId, origin(s, acked)),
    'game:abort': (s, p, acked) => commands.abort(me(s), p.gameId, origin(s, acked)),
    'game:rematchOffer': (s, p, acked) => commands.rematchOffer(me(s), p.gameId, origin(s, acked)),
    'game:rematchAccept': (s, p, acked) => commands.rematchAccept(me(s), p.gameId, origin(s, acked)),
    'game:rematchDecline': (s, p, acked) => commands.rematchDecline(me(s), p.gameId, origin(s, acked)),
    'game:claimVictory': (s, p, acked) => commands.claim(me(s), p.gameId, true, origin(s, acked)),
    'game:claimDraw': (s, p, acked) => commands.claim(me(s), p.gameId, false, origin(s, acked)),
    'game:giveTime': (s, p, acked) => commands.giveTime(me(s), p.gameId, origin(s, acked)),
    'chat:join': async (s, p) => {
      const joined = await chat.join(me(s), p.gameId);
      const room = chatRoom(p.gameId, joined.channel);
      checkRoomCap(s.rooms, room, CHAT_ROOM_PREFIX);
      await s.join(room);
      return joined;
    },
    'chat:send': (s, p) => chat.send({ playerId: me(s), name: s.data.name }, p.gameId, p.text),
    'bot:play': (s, p) => bots.play(me(s), p),
  };
}
