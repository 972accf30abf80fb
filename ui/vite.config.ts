import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The admin console: a static Preact app, a plain client of /apirest.php on the same origin.
// `npm run build:ui` writes ui/dist (index.html + hashed files under assets/), served by Deskbase at /.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [preact()],
  // The server's pure registry and rights modules (no storage in them): the console's itemtype facts.
  resolve: { alias: { '@server': fileURLToPath(new URL('../server', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    // `npm run dev:ui`: the API comes from a Deskbase on its default port (or DESKBASE_URL).
    proxy: { '/apirest.php': { target: process.env.DESKBASE_URL ?? 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
