import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgUnavailable } from '../src/db/pg-database.js';

const sqlError = (code: string): pg.DatabaseError => Object.assign(new pg.DatabaseError('server error', 0, 'error'), { code });

describe('which PostgreSQL failures are the database being away', () => {
  it('the driver failing to reach or hear the server, and the server saying "not now"', () => {
    for (const e of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated due to connection timeout'),
      new Error('Query read timeout'),
      new Error('Connection terminated unexpectedly'),
      sqlError('08006'), // connection failure
      sqlError('57P01'), // admin shutdown
      sqlError('57P03'), // cannot connect now (starting up)
      sqlError('57014'), // statement timeout
      sqlError('53300'), // too many connections
    ]) {
      expect(pgUnavailable(e), e.message + ('code' in e ? ` ${String(e.code)}` : '')).toBe(true);
    }
  });

  it('not the statement’s own faults, nor a wrong configuration', () => {
    for (const e of [sqlError('23505'), sqlError('42P01'), sqlError('28P01'), sqlError('3D000'), new TypeError('bad parameter')]) {
      expect(pgUnavailable(e)).toBe(false);
    }
  });
});
