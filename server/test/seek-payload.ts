import type { ClientPayload } from '@progressive-chess/shared';

/** A `seek:create` payload: a public Scottish 5+3 seek as white, with `over` changed. */
export const seek = (over: Partial<ClientPayload<'seek:create'>> = {}): ClientPayload<'seek:create'> => ({
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 300, increment: 3 },
  color: 'white',
  visibility: 'public',
  ...over,
});

/** A challenge to `opponent` (a private seek addressed by name). */
export const challenge = (opponent: string, over: Partial<ClientPayload<'seek:create'>> = {}): ClientPayload<'seek:create'> =>
  seek({ visibility: 'private', opponent, ...over });
