import type { AckError, ErrorCode } from '@progressive-chess/shared';
import { StoreUnavailableError } from '../store/store.js';
import { ComputeError } from '../compute/pool.js';

/** An expected failure of a command: becomes `{ ok: false, code, message }` at the edge. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export function fail(code: ErrorCode, message: string): never {
  throw new ServiceError(code, message);
}

/** The acknowledgement for any thrown value; unexpected ones become `internal` (no details leak). */
export function toAckError(e: unknown): AckError {
  if (e instanceof ServiceError) return { ok: false, code: e.code, message: e.message };
  if (e instanceof ComputeError && e.code === 'busy') return { ok: false, code: 'busy', message: e.message };
  if (e instanceof StoreUnavailableError) return { ok: false, code: 'unavailable', message: 'the server cannot reach its store; try again shortly' };
  return { ok: false, code: 'internal', message: 'internal error' };
}
