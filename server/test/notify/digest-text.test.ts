import type { MyGame } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { digestMail, utcMinute, type DigestTournament } from '../../src/mail/digest-text.js';

const links = { game: (id: string) => `https://chess.test/game/${id}`, tournament: (id: string) => `https://chess.test/tournament/${id}`, unsubscribe: 'https://chess.test/u' };
const game: MyGame = {
  id: 'g1',
  variant: 'italian',
  timeControl: { kind: 'correspondence', daysPerTurn: 3 },
  color: 'white',
  opponent: 'bob',
  turn: 4,
  yourTurn: true,
  deadline: null,
  createdAt: 0,
};
const start = Date.UTC(2027, 0, 15, 8, 0);
const tournaments: DigestTournament[] = [
  { id: 'rr1', name: 'Club Round Robin', kind: 'roundRobin', variant: 'english', status: 'running', startsAt: start - 86_400_000 },
  { id: 'a1', name: 'Hourly Scottish', kind: 'arena', variant: 'scottish', status: 'upcoming', startsAt: start },
];

describe('the daily digest text', () => {
  it('lists the games waiting, then the tournaments (kind, variant, start or running, page), then the unsubscribe link', () => {
    const m = digestMail([game], tournaments, links);
    expect(m.subject).toBe('1 correspondence game waiting for your move; 2 tournaments you joined');
    expect(m.text).toBe(
      [
        'Your move in:',
        '',
        '- Italian progressive against bob, turn 4: https://chess.test/game/g1',
        '',
        'Your tournaments:',
        '',
        '- Club Round Robin (round robin, English progressive (ENPR)), running: https://chess.test/tournament/rr1',
        '- Hourly Scottish (arena, Scottish progressive), starts 2027-01-15 08:00 UTC: https://chess.test/tournament/a1',
        '',
        'No more of these mails: https://chess.test/u',
        '',
      ].join('\n'),
    );
    expect(utcMinute(start)).toBe('2027-01-15 08:00 UTC');
  });

  it('has a subject of its own with games only or tournaments only', () => {
    expect(digestMail([game, { ...game, id: 'g2' }], [], links).subject).toBe('2 correspondence games waiting for your move');
    expect(digestMail([], tournaments.slice(1), links)).toMatchObject({ subject: '1 tournament you joined' });
    expect(digestMail([], tournaments.slice(1), links).text).not.toContain('Your move in');
  });
});
