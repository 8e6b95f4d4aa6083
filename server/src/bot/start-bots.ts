import type { GameCommands } from '../services/game-commands.js';
import type { GameService } from '../services/game-service.js';
import type { Identity } from '../services/identity.js';
import { BotDriver, type BotDriverDeps } from './bot-driver.js';
import { BotMoves } from './bot-moves.js';
import { BotService } from './bot-service.js';

/** The computer player of one node: `bot:play` (service) and the driver of its turns. */
export function startBots(
  deps: Omit<BotDriverDeps, 'moves'> & {
    readonly games: GameService;
    readonly commands: GameCommands;
    readonly identity: Identity;
  },
): { service: BotService; driver: BotDriver } {
  const { store, games, settings, randomInt } = deps;
  const service = new BotService({ store, games, identity: deps.identity, settings, randomInt });
  const driver = new BotDriver({ ...deps, moves: new BotMoves(games, deps.commands) });
  return { service, driver };
}
