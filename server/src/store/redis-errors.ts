import { StoreUnavailableError } from './store.js';

/** Reply errors that say the server is not serving right now rather than that the command is wrong. */
const TRANSIENT_REPLIES = ['LOADING', 'BUSY', 'MASTERDOWN', 'TRYAGAIN', 'CLUSTERDOWN', 'READONLY'];

/**
 * The store's view of an ioredis rejection: anything but a reply from Redis (closed connection,
 * refused reconnect, MaxRetriesPerRequestError, command timeout) or a transient reply means Redis
 * cannot be reached, so it becomes a StoreUnavailableError; a real reply error is passed through.
 */
export function storeError(e: unknown): unknown {
  if (!(e instanceof Error)) return e;
  if (e.name !== 'ReplyError') return new StoreUnavailableError(e);
  return TRANSIENT_REPLIES.some((p) => e.message.startsWith(p)) ? new StoreUnavailableError(e) : e;
}

/** Awaits a Redis call, rejecting with `storeError` of its failure. */
export async function guarded<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    throw storeError(e);
  }
}
