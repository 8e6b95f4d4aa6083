import { expect } from 'vitest';
import { http } from '../durable-helpers.js';
import { Client, type TestServer } from '../helpers.js';

/** A registered player signed in on `server`: the client and the session cookie. */
export async function account(server: TestServer, username: string): Promise<{ client: Client; cookie: string }> {
  const guest = await Client.connect(server);
  const reg = await http(server, 'POST', '/api/account/register', { username, password: 'long password', token: guest.session.token });
  expect(reg.status).toBe(201);
  guest.close();
  const cookie = reg.cookie ?? '';
  return { client: await Client.connect(server, {}, cookie), cookie };
}

/** Waits until every notification triggered so far is stored and delivered (or skipped). */
export async function settled(server: TestServer): Promise<void> {
  await server.app.services.notifications?.triggers.settled();
}
