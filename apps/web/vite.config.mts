import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: appRoot,
  cacheDir: `${workspaceRoot}node_modules/.vite/apps/web`,
  plugins: [react()],
  resolve: {
    // The web app imports contracts with `import type` only (enforced by lint), so that alias serves
    // type resolution and never pulls class-validator into the bundle; the domain rules are plain
    // TypeScript and load at runtime.
    alias: {
      '@quotebook/contracts': `${workspaceRoot}libs/contracts/src/index.ts`,
      '@quotebook/domain': `${workspaceRoot}libs/domain/src/index.ts`,
    },
  },
  server: {
    port: 4200,
    host: 'localhost',
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/uploads': { target: gateway, changeOrigin: true },
    },
  },
  preview: {
    port: 4300,
    host: 'localhost',
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/uploads': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    outDir: `${workspaceRoot}dist/apps/web`,
    emptyOutDir: true,
    reportCompressedSize: false,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // vendor code every screen needs changes rarely: separate chunks stay cached across releases of
        // the app. MUI is left to the per-page split: one chunk of all its components would put every
        // page's widgets into the first screen's download.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
});
