import { CLIENT_EVENTS, schemaErrorCode, type AckError, type ClientEventName, type EdgeErrorCode } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { toAckError } from '../services/errors.js';
import type { Handlers } from './handlers.js';
import type { AbuseLimiter, EventVerdict } from './abuse-limits.js';
import type { AppSocket } from './socket-types.js';

type Reply = (res: object) => void;
/** Refusals of the edge: unknown-event, rate-limited, or a schema's code (bad-request, bad-name). */
type EdgeCode = EdgeErrorCode;
const TOO_MANY = 'too many requests';
type AnyHandler = (socket: AppSocket, payload: unknown, acked: boolean) => Promise<object>;

export interface EdgeDeps {
  readonly handlers: Handlers;
  /** Event budgets per connection, identity and address (abuse-limits.ts). */
  readonly limiter: AbuseLimiter['allowEvent'];
  readonly logger: Logger;
  /** Observes handling time per event (metrics). */
  readonly observe?: (event: ClientEventName, seconds: number) => void;
}

const EVENT_NAMES = Object.keys(CLIENT_EVENTS) as ClientEventName[];
const isKnown = (name: string): name is ClientEventName => Object.hasOwn(CLIENT_EVENTS, name);

function zodMessage(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** Splits socket.io arguments into (payload, ack): the ack is the last argument when it is a function. */
function splitArgs(args: unknown[]): { payload: unknown; reply: Reply | null } {
  const last = args[args.length - 1];
  if (typeof last !== 'function') return { payload: args[0], reply: null };
  return { payload: args.length > 1 ? args[0] : undefined, reply: last as Reply };
}

/**
 * The transport edge: every protocol event is registered in one loop, rate-limited, parsed once
 * with its schema, handed to its service handler and answered `{ ok: true, ...data }` or
 * `{ ok: false, code, message }`. Unknown events get `unknown-event`; nothing here throws.
 */
export function registerEdge(socket: AppSocket, deps: EdgeDeps): void {
  const { logger } = deps;
  /** False when refused; a connection that keeps exceeding its limits is told `flooding` and disconnected. */
  const allowed = (verdict: EventVerdict): boolean => {
    if (verdict === 'flooding' && socket.connected) {
      logger.warn({ playerId: socket.data.playerId, address: socket.data.address }, 'disconnecting a flooding connection');
      socket.emit('error', { code: 'flooding', message: 'too many requests: disconnected' });
      socket.disconnect(true);
    }
    return verdict === 'ok';
  };
  /** The limiter's answer: at once for most events (no promise on a move's path), else when it comes. */
  const allowEvent = (name: string): boolean | Promise<boolean> => {
    const verdict = deps.limiter(socket, name);
    return typeof verdict === 'string' ? allowed(verdict) : verdict.then(allowed);
  };
  /** Edge refusals are acked when possible, and also emitted as `error` (always for unknown events). */
  const refuse = (reply: Reply | null, code: EdgeCode, message: string, emitToo: boolean): void => {
    reply?.({ ok: false, code, message });
    if (emitToo || !reply) socket.emit('error', { code, message });
  };

  const handle = async (name: ClientEventName, args: unknown[]): Promise<void> => {
    const { payload, reply } = splitArgs(args);
    const allow = allowEvent(name);
    if (!(allow === true || (allow !== false && (await allow)))) {
      return refuse(reply, 'rate-limited', TOO_MANY, false);
    }
    const parsed = CLIENT_EVENTS[name].safeParse(payload);
    if (!parsed.success) {
      return refuse(reply, schemaErrorCode(parsed.error), zodMessage(parsed.error), false);
    }
    const started = performance.now();
    let res: object;
    try {
      const run = deps.handlers[name] as AnyHandler;
      res = { ok: true, ...(await run(socket, parsed.data, reply !== null)) };
    } catch (e) {
      res = toAckError(e);
      if ((res as AckError).code === 'internal') logger.error({ err: e, event: name }, 'handler failed');
    }
    deps.observe?.(name, (performance.now() - started) / 1000);
    reply?.(res);
  };

  for (const name of EVENT_NAMES) {
    socket.on(name, (...args: unknown[]) => void handle(name, args).catch((e: unknown) => logger.error({ err: e }, 'edge')));
  }
  socket.onAny((event: unknown, ...args: unknown[]) => {
    if (typeof event === 'string' && isKnown(event)) return;
    const { reply } = splitArgs(args);
    const message = `unknown event ${String(event).slice(0, 40)}`;
    void Promise.resolve(allowEvent(String(event))).then(
      (allowed) => (allowed ? refuse(reply, 'unknown-event', message, true) : refuse(reply, 'rate-limited', TOO_MANY, true)),
      (e: unknown) => logger.error({ err: e }, 'rate limiter'),
    );
  });
  // A client may emit an event literally named "error": without a listener EventEmitter would throw.
  socket.on('error', () => undefined);
}
