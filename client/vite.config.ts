import { fileURLToPath } from 'node:url';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { paraglideOptions } from './i18n.config.ts';

const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));
/** The game server the dev server proxies to (`npm start` or `npm run dev -w server`). */
const target = process.env.GAME_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [paraglideVitePlugin(paraglideOptions), svelte()],
  resolve: { alias: { '@progressive-chess/shared': shared } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', reportCompressedSize: true },
  server: {
    port: 5173,
    proxy: {
      '/socket.io': { target, ws: true, changeOrigin: true },
      '/api': { target, changeOrigin: true },
      '/docs': { target, changeOrigin: true },
      '/favicon.svg': { target, changeOrigin: true },
    },
  },
});
