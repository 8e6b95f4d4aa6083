import type { ModerationAction, ModerationLogEntry, ReportReason, ReportView } from '@progressive-chess/shared';
import { DatabaseUnavailableError } from '../db/database.js';
import { newId } from '../ids.js';
import { usernameKey } from '../db/accounts-repo.js';
import { fail } from '../services/errors.js';
import type { AccountDirectory } from '../services/identity.js';
import type { Blocks } from './social-service.js';
import type { ModerationRepo } from './moderation-repo.js';

/** Reports one account may file per `REPORT_WINDOW_MS`. */
export const REPORTS_PER_WINDOW = 5;
export const REPORT_WINDOW_MS = 24 * 3600_000;
/** Reports and log lines an operator sees at once. */
const PAGE = 100;

export interface ModerationDeps {
  readonly repo: ModerationRepo;
  readonly accounts: Pick<AccountDirectory, 'accountNamed'>;
  /** Usernames of the operators (OPERATORS), any case. */
  readonly operators: readonly string[];
  /** A closed account's connections are ended (every node). */
  readonly disconnect: (playerId: string) => void;
  readonly now: () => number;
}

/** Operator checks are by username (the signed-in account's). */
export interface Caller {
  readonly playerId: string;
  readonly username: string;
}

/**
 * Reports of players (rate limited per account, one open per reporter and player) and the
 * operators' queue: dismiss, mute in chat, close the account; each action in the audit log.
 */
export class ModerationService {
  private readonly operators: ReadonlySet<string>;

  constructor(private readonly deps: ModerationDeps) {
    this.operators = new Set(deps.operators.map(usernameKey));
  }

  isOperator(c: Caller): boolean {
    return this.operators.has(usernameKey(c.username));
  }

  async report(from: Caller, p: { username: string; reason: ReportReason; text?: string | undefined; gameId?: string | undefined }): Promise<void> {
    const target = await this.deps.accounts.accountNamed(p.username);
    if (target === null) fail('unknown-player', `no player is registered as ${p.username}`);
    if (target.playerId === from.playerId) fail('bad-request', 'you cannot report yourself');
    const now = this.deps.now();
    if ((await this.deps.repo.reportsSince(from.playerId, now - REPORT_WINDOW_MS)) >= REPORTS_PER_WINDOW) {
      fail('rate-limited', `at most ${REPORTS_PER_WINDOW} reports a day`);
    }
    // a second report on the same player while the first is open adds nothing (not an error)
    await this.deps.repo.add({
      id: newId(),
      reporterId: from.playerId,
      reportedId: target.playerId,
      reason: p.reason,
      text: p.text ?? '',
      gameId: p.gameId ?? null,
      createdAt: now,
    });
  }

  async queue(c: Caller): Promise<{ reports: ReportView[] }> {
    this.operator(c);
    const open = await this.deps.repo.open(PAGE);
    return { reports: open.map(({ reportedId: _id, ...view }) => view) };
  }

  async act(c: Caller, reportId: string, action: ModerationAction): Promise<void> {
    this.operator(c);
    const target = await this.deps.repo.act(c.playerId, reportId, action, newId(), this.deps.now());
    if (target === null) fail('not-found', 'no such open report');
    if (action === 'close') this.deps.disconnect(target);
  }

  async log(c: Caller): Promise<{ log: ModerationLogEntry[] }> {
    this.operator(c);
    return { log: await this.deps.repo.log(PAGE) };
  }

  private operator(c: Caller): void {
    if (!this.isOperator(c)) fail('not-operator', 'moderation is for operators');
  }
}

/**
 * Whether a player may send a line (`opponent`: the other player, in the players' channel): not
 * when muted, nor when either blocks the other (refused alike, `chat-unavailable`: a block is not
 * revealed). Guests are never muted (no database read); with the database away, chat goes on.
 */
export function chatGate(repo: Pick<ModerationRepo, 'muted'>, blocks: Blocks, isGuest: (playerId: string) => Promise<boolean>) {
  const check = async (sender: string, opponent: string | null): Promise<boolean> => {
    if (!(await isGuest(sender)) && (await repo.muted(sender))) return false;
    return opponent === null || !(await blocks.blocks(sender, opponent));
  };
  return (sender: string, opponent: string | null): Promise<boolean> =>
    check(sender, opponent).catch((e: unknown) => (e instanceof DatabaseUnavailableError ? true : Promise.reject(e)));
}
