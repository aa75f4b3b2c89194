import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

/**
 * The report page (embed.html) names the chunks it imports later, the charts' drawing (issue 42), as
 * prefetch links: the log-in screen fetches every asset that page names while the password is typed
 * (web/lib/prefetch-frame.ts), so the charts' code is cached too when the first frame opens, and
 * the page itself fetches it at low priority while its figures and table are drawn.
 */
function prefetchLaterChunks(page: string): Plugin {
  return {
    name: 'prefetch-later-chunks',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] | undefined {
        const { bundle, chunk } = ctx;
        if (!ctx.filename.endsWith(page) || !bundle || !chunk) return;
        const chunkOf = (file: string) => {
          const c = bundle[file];
          return c?.type === 'chunk' ? c : undefined;
        };
        // What the page loads at once: its script and the modules it imports, as deep as they go.
        const now = new Set<string>();
        const visit = (file: string) => {
          if (now.has(file)) return;
          now.add(file);
          chunkOf(file)?.imports.forEach(visit);
        };
        visit(chunk.fileName);
        const later = new Set<string>();
        const add = (file: string) => {
          if (now.has(file) || later.has(file) || !chunkOf(file)) return;
          later.add(file);
          chunkOf(file)!.imports.forEach(add);
        };
        chunk.dynamicImports.forEach(add);
        return [...later].map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'prefetch', as: 'script', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
      },
    },
  };
}

export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  plugins: [react(), prefetchLaterChunks('embed.html')],
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
