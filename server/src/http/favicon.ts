// The site's icon: a light square with three dark bars, each taller than the last (White plays 1
// move, Black 2, White 3...), in the board's colours. Served by the server, so that every page it
// answers (the app, the rules document) has it, with or without the built client.
import type { RequestHandler } from 'express';

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
  '<rect width="16" height="16" rx="2" fill="#f0d9b5"/>' +
  '<rect x="2" y="9" width="3" height="5" fill="#b58863"/>' +
  '<rect x="6.5" y="6" width="3" height="8" fill="#8b5a2b"/>' +
  '<rect x="11" y="2" width="3" height="12" fill="#5c3a1a"/>' +
  '</svg>';

/** The paths browsers ask for an icon at (`/favicon.ico` when a page names none). */
export const FAVICON_PATHS = ['/favicon.svg', '/favicon.ico'];

/** GET handler for the icon (an SVG at both paths), cached for a day. */
export const favicon: RequestHandler = (_req, res) => {
  res.type('image/svg+xml').setHeader('Cache-Control', 'public, max-age=86400');
  res.send(FAVICON_SVG);
};
