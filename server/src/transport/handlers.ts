import { GAME_COMMAND_NAMES, type AckData, type ClientEventName, type ClientPayload, type GameCommandName, type GameCommandPayload } from '@progressive-chess/shared';
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

type GameHandlers = { readonly [C in GameCommandName]: Handlers[C] };

/** A handler per entry of the game command table (`GAME_COMMANDS`): its decision, run for the sender's seat. */
function gameHandlers(
  commands: GameCommands,
  me: (s: AppSocket) => string,
  origin: (s: AppSocket, acked: boolean) => string | undefined,
): GameHandlers {
  const handler = (name: GameCommandName) => (s: AppSocket, p: GameCommandPayload<GameCommandName>, acked: boolean) =>
    commands.run(name, me(s), p, origin(s, acked));
  // (each entry answers its command's ack: `GameCommands.run` of that name)
  return Object.fromEntries(GAME_COMMAND_NAMES.map((name) => [name, handler(name)])) as unknown as GameHandlers;
}

export function createHandlers({ identity, lobby, rooms, commands, chat, bots, online }: Services): Handlers {
  const me = (s: AppSocket) => s.data.playerId;
  /** A game command's event reaches its connection in the ack, when it asked for one; else in the broadcast. */
  const origin = (s: AppSocket, acked: boolean): string | undefined => (acked ? s.id : undefined);
  return {
    // every game command of the shared table, run by its decision (game-commands.ts)
    ...gameHandlers(commands, me, origin),
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
