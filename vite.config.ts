import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { main: resolve(import.meta.dirname, 'web/index.html'), embed: resolve(import.meta.dirname, 'web/embed.html') },
    },
  },
  server: {
    port: 5173,
    // The report pages (/embed) are served by the portal from the last production build, with
    // their built scripts under /assets (which Vite's dev server does not use itself).
    proxy: { '/api': 'http://127.0.0.1:3000', '/embed': 'http://127.0.0.1:3000', '/assets': 'http://127.0.0.1:3000' },
  },
});
