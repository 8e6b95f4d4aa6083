import { mount } from 'svelte';
import App from './App.svelte';
import { language } from './lib/i18n.svelte.js';
import { loadRefusals } from './lib/refusals.js';
import { getSocket } from './lib/socket.js';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('#app is missing');
// Every page uses the socket: its handshake goes on while the first page is built (a first
// visit's lobby waits for its listing; bench:client).
getSocket();
// Another language than the server's English: its refusal messages before the first request.
const ready = language.current === 'en' ? Promise.resolve() : loadRefusals().then(
  () => undefined,
  () => undefined, // not loaded: refusals keep the server's English words
);
export default ready.then(() => mount(App, { target }));
