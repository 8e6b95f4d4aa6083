import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { paraglideOptions } from './i18n.config.ts';

const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));
/** The game server the dev server proxies to (`npm start` or `npm run dev -w server`). */
const target = process.env.GAME_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    svelte(),
    // Each asset also as .br and .gz, at the best ratios, once at build: the server sends these
    // (server/src/http/static.ts) instead of compressing every response again.
    compression({
      include: /\.(js|css|svg|json)$/,
      threshold: 1024,
      logLevel: 'silent',
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
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
