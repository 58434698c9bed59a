import { defineConfig } from 'vitest/config';

// The Kirin server to proxy to during `npm run dev` (override with KIRIN_URL).
const target = process.env.KIRIN_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': { target, changeOrigin: true },
      '/ws': { target: target.replace(/^http/, 'ws'), ws: true },
      '/games': { target, changeOrigin: true, bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined) },
    },
  },
  preview: {
    proxy: {
      '/api': { target, changeOrigin: true },
      '/ws': { target: target.replace(/^http/, 'ws'), ws: true },
      '/games': { target, changeOrigin: true, bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined) },
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
