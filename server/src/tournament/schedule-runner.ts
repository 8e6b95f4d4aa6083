import type { Logger } from 'pino';
import { newId } from '../ids.js';
import { nextOccurrence, scheduledName, type ScheduledEvent } from './schedule.js';
import type { TournamentRepo } from './tournament-repo.js';
import { recordOf } from './tournament-service.js';

/** An occurrence of the operator's schedule is created this long before it starts (listed as upcoming meanwhile). */
export const SCHEDULE_AHEAD_MS = 6 * 3_600_000;

/**
 * Creates the coming occurrences of the operator's recurring events (TOURNAMENT_SCHEDULE) within
 * `SCHEDULE_AHEAD_MS`: every node may try, the database's unique `schedule_key` (the entry and its
 * start) keeps one. Returns how many this call created.
 */
export async function createScheduled(repo: TournamentRepo, schedule: readonly ScheduledEvent[], now: number, logger: Logger): Promise<number> {
  let created = 0;
  for (const e of schedule) {
    for (let at = nextOccurrence(e.when, now); at <= now + SCHEDULE_AHEAD_MS; at = nextOccurrence(e.when, at + 60_000)) {
      const t = recordOf(
        {
          name: scheduledName(e),
          kind: e.kind,
          variant: e.variant,
          timeControl: e.timeControl,
          startsAt: at,
          rated: e.rated,
          allowBots: e.allowBots,
          ...(e.minutes === undefined ? {} : { minutes: e.minutes }),
          ...(e.rounds === undefined ? {} : { rounds: e.rounds }),
          ...(e.roundDays === undefined ? {} : { roundDays: e.roundDays }),
        },
        { id: newId(), createdBy: null, creatorName: 'operator', scheduleKey: `${e.text}@${at}`, now },
      );
      if (await repo.create(t)) {
        created++;
        logger.info({ tournamentId: t.id, name: t.name, startsAt: at }, 'scheduled tournament created');
      }
    }
  }
  return created;
}
