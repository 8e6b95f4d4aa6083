import { digestSchema, emailSchema, mailTokenSchema, resetConfirmSchema, resetRequestSchema } from '@progressive-chess/shared';
import express from 'express';
import { parseWith } from '../http/parse.js';
import { signedIn } from '../notify/signed-in.js';
import type { AccountDirectory } from '../services/identity.js';
import { clientAddress } from '../transport/abuse-limits.js';
import type { EmailService } from './email-service.js';

export interface MailRoutesDeps {
  readonly email: EmailService;
  readonly directory: AccountDirectory;
  readonly trustProxy: boolean;
}

const UNSUBSCRIBE_PAGE = (token: string): string =>
  `<!doctype html><meta charset="utf-8"><title>Unsubscribe</title><form method="post" action="/api/mail/unsubscribe?token=${encodeURIComponent(token)}">` +
  '<p>Stop the e-mails of Progressive Chess Live (the daily digest and notifications)?</p><button name="List-Unsubscribe" value="One-Click">Unsubscribe</button></form>';

/** `/api/account/email*`, `/api/account/password-reset*`, `/api/mail/unsubscribe`. */
export function mailRoutes(deps: MailRoutesDeps): express.Router {
  const { email } = deps;
  const r = express.Router();
  const me = signedIn(deps.directory);
  const json = express.json({ limit: '4kb' });
  r.get('/account/email', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await email.view((await me(req)).playerId));
  });
  r.post('/account/email', json, async (req, res) => {
    const { playerId } = await me(req);
    res.json(await email.setEmail(playerId, parseWith(emailSchema, req.body).email, clientAddress(req, deps.trustProxy)));
  });
  r.post('/account/email/digest', json, async (req, res) => {
    const { playerId } = await me(req);
    res.json(await email.setDigest(playerId, parseWith(digestSchema, req.body).on));
  });
  // the mailed link: a GET that only confirms what the mail's recipient asked for
  r.get('/account/email/verify', async (req, res) => {
    await email.verify(parseWith(mailTokenSchema, req.query).token);
    res.redirect(303, '/?email=verified');
  });
  r.post('/account/password-reset', json, async (req, res) => {
    await email.requestReset(parseWith(resetRequestSchema, req.body), clientAddress(req, deps.trustProxy));
    res.status(202).json({});
  });
  r.post('/account/password-reset/confirm', json, async (req, res) => {
    const p = parseWith(resetConfirmSchema, req.body);
    await email.confirmReset(p.token, p.password);
    res.json({});
  });
  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click`; a GET (a person clicking the link) gets a button, never an unsubscription
  r.get('/mail/unsubscribe', (req, res) => {
    res.type('html').send(UNSUBSCRIBE_PAGE(parseWith(mailTokenSchema, req.query).token));
  });
  r.post('/mail/unsubscribe', express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    await email.unsubscribe(parseWith(mailTokenSchema, req.query).token);
    res.json({ unsubscribed: true });
  });
  return r;
}
