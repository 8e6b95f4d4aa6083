import type { AckError, ErrorCode } from '@progressive-chess/shared';
import { StoreUnavailableError } from '../store/store.js';
import { DatabaseUnavailableError } from '../db/database.js';
import { ComputeError } from '../compute/pool.js';

/** An expected failure of a command: becomes `{ ok: false, code, message }` at the edge. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** `playban`: when it ends (epoch ms). */
    readonly until?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export function fail(code: ErrorCode, message: string, until?: number): never {
  throw new ServiceError(code, message, until);
}

/**
 * The one place that tells a dependency being away (the store, the database: answered `unavailable`,
 * HTTP 503, try again shortly) from a fault (`internal`). Null: not an unavailability.
 */
export function unavailableMessage(e: unknown): string | null {
  if (e instanceof StoreUnavailableError) return 'the server cannot reach its store; try again shortly';
  if (e instanceof DatabaseUnavailableError) return 'accounts, ratings and the game archive are unavailable; try again shortly';
  return null;
}

/** The acknowledgement for any thrown value; unexpected ones become `internal` (no details leak). */
export function toAckError(e: unknown): AckError {
  if (e instanceof ServiceError) return { ok: false, code: e.code, message: e.message, ...(e.until === undefined ? {} : { until: e.until }) };
  if (e instanceof ComputeError && e.code === 'busy') return { ok: false, code: 'busy', message: e.message };
  const away = unavailableMessage(e);
  if (away !== null) return { ok: false, code: 'unavailable', message: away };
  return { ok: false, code: 'internal', message: 'internal error' };
}
