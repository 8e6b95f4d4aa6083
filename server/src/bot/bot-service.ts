import { botName, botPlayerId, type ClientPayload } from '@progressive-chess/shared';
import { newGameId } from '../ids.js';
import { fail, ServiceError } from '../services/errors.js';
import type { GameService } from '../services/game-service.js';
import type { Identity } from '../services/identity.js';
import type { Store } from '../store/store.js';
import { ALL_BOT_GAMES, botGamesOf, type BotSettings } from './bot-settings.js';

export interface BotServiceDeps {
  readonly store: Store;
  readonly games: GameService;
  readonly identity: Identity;
  readonly settings: BotSettings;
  /** Uniform integer in [0, max): the colour draw. */
  readonly randomInt: (max: number) => number;
}

/**
 * "Play the computer": a game against `bot:<level>` at once. Counted among the person's games in
 * progress (the usual cap), among their games against the computer (`maxPerPlayer`) and among all
 * games against the computer (`maxGames`, every node), each released when the game ends.
 */
export class BotService {
  constructor(private readonly deps: BotServiceDeps) {}

  async play(playerId: string, p: ClientPayload<'bot:play'>): Promise<{ gameId: string }> {
    const { games, settings } = this.deps;
    const gameId = newGameId();
    const mine = botGamesOf(playerId);
    await games.reserve(gameId, [playerId]);
    const reserved = [playerId];
    try {
      await this.reserve(gameId, mine, settings.maxPerPlayer, 'too-many-bot-games', `you already play ${settings.maxPerPlayer} games against the computer: finish, resign or abort one of them (Your games, in the lobby)`);
      reserved.push(mine);
      await this.reserve(gameId, ALL_BOT_GAMES, settings.maxGames, 'busy', 'the computer is playing too many games; try again shortly');
      reserved.push(ALL_BOT_GAMES);
      const botColor = p.color === 'random' ? (this.deps.randomInt(2) === 0 ? 'white' : 'black') : p.color === 'white' ? 'black' : 'white';
      const person = { id: playerId, name: await this.deps.identity.nameOf(playerId) };
      const bot = { id: botPlayerId(p.level), name: botName(p.level) };
      await games.create(
        {
          variant: p.variant,
          timeControl: p.timeControl,
          white: botColor === 'white' ? bot : person,
          black: botColor === 'white' ? person : bot,
          bot: { color: botColor, level: p.level, owner: playerId },
          counted: [mine, ALL_BOT_GAMES],
        },
        gameId,
      );
      return { gameId };
    } catch (e) {
      await this.deps.store.releaseGame(gameId, reserved);
      throw e;
    }
  }

  /** One more count under `key` (at most `max`), refused with `code`. */
  private async reserve(gameId: string, key: string, max: number, code: 'too-many-bot-games' | 'busy', message: string): Promise<void> {
    try {
      await this.deps.games.reserve(gameId, [key], max);
    } catch (e) {
      if (e instanceof ServiceError && e.code === 'too-many-games') fail(code, message);
      throw e;
    }
  }
}
