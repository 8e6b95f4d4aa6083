/** Svelte options shared by Vite, vitest and svelte-check (TypeScript in components is native in Svelte 5). */
export default {
  compilerOptions: { runes: true },
};
