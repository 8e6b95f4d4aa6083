import type { Publisher } from '../src/services/publisher.js';

/** A publisher that records what the services publish, with no transport at all. */
export function recordingPublisher(local: string[] = []): Publisher & { readonly sent: [string, unknown][] } {
  const sent: [string, unknown][] = [];
  return {
    sent,
    publishGame: (e) => sent.push(['game:event', e]),
    relayOf: () => null,
    publishPresence: (p) => sent.push(['game:presence', p]),
    publishSpectators: (p) => sent.push(['game:spectators', p]),
    publishLobby: (event, payload) => sent.push([event, payload]),
    publishLobbyUpdates: (summaries) => summaries.forEach((s) => sent.push(['lobby:gameUpdated', s])),
    publishMyGameChanges: (changes) =>
      changes.forEach((c) => sent.push([`${c.game ? 'lobby:myGameUpdated' : 'lobby:myGameRemoved'}>${c.playerId}`, c.game ?? { gameId: c.gameId }])),
    toPlayer: (playerId, event, payload) => sent.push([`${event}>${playerId}`, payload]),
    gameMembers: () => Promise.resolve([]),
    nodeCount: () => Promise.resolve(1),
    playerOnline: () => Promise.resolve(false),
    localGames: () => local,
    heartbeatLocal: (e) => sent.push(['game:heartbeat', e]),
    goneLocal: (e) => sent.push(['game:gone', e]),
    lobbyResyncLocal: () => sent.push(['lobby:resync', {}]),
    announceTurn: (n) => sent.push(['game:turn', n]),
  };
}
