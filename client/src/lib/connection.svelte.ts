import type { Session } from '@progressive-chess/shared';

export type ConnectionStatus = 'connecting' | 'online' | 'offline';

/** Connection state shared by every view (a rune store). */
export const connection: {
  status: ConnectionStatus;
  /** The identity the server gave us (`session` event). */
  session: Session | null;
  /** How many times the socket came back after a loss. */
  reconnects: number;
} = $state({ status: 'connecting', session: null, reconnects: 0 });
