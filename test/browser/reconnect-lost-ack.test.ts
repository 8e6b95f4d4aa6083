import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove } from './support/browser.js';
import { newTable, notices, playClicks, suite, waitBadge, waitMoves } from './support/reconnect.js';

const run = chromiumAvailable();

const OPENING = ['e4', 'e5', 'Nf6'];

describe.runIf(run)('browser: the connection drops while a move is on its way', () => {
  const t = suite();

  it('the server made the move but its answer was lost: the page says the connection was lost, then shows the move once it is back', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], ['e7e5', 'g8f6']);
    // White's page talks to the server through a relay that can lose the next acknowledgement
    // (a socket.io packet `43<id>[...]`) and the connection with it, as a network drop would.
    let loseNextAck = false;
    await white.page.routeWebSocket(/socket\.io/, (page: WebSocketRoute) => {
      const server = page.connectToServer();
      page.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        if (loseNextAck && typeof m === 'string' && /^43\d/.test(m)) {
          loseNextAck = false;
          void page.close();
          void server.close();
          return;
        }
        page.send(m);
      });
    });
    await white.page.reload();
    await waitMoves(white.page, OPENING);
    await waitBadge(white.page, 'Online');
    loseNextAck = true;
    await clickMove(white.page, 'd2d4');
    // Before, the page said 'The server did not answer in time.' and kept saying it after the move showed.
    await white.page.getByTestId('notice').filter({ hasText: 'The connection was lost before the server answered' }).waitFor();
    await waitBadge(white.page, 'Online');
    for (const p of [white, black, spectator]) await waitMoves(p.page, [...OPENING, 'd4']);
    await white.page.getByTestId('notice').waitFor({ state: 'detached' });
    expect(await notices(white.page)).toBe('');
    await playClicks(white.page, ['b1c3']);
    for (const p of [white, black, spectator]) await waitMoves(p.page, [...OPENING, 'd4', 'Nc3']);
    await spectator.context.close();
  });
});
