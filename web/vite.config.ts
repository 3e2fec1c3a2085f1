import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { earlyStartPlugin } from './build/early-start-plugin.ts';

/**
 * React Router's package exports point every bundler at its development build (warnings and checks included);
 * production builds use its production build instead (same API, smaller).
 */
const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

/**
 * shared/csv.ts writes CSV with csv-stringify's sync API, whose Node build uses the `Buffer` global as it loads; the
 * SPA (its build, dev server and tests alike) gets the library's browser build of the same API instead.
 */
const browserAliases = [{ find: /^csv-stringify\/sync$/, replacement: 'csv-stringify/browser/esm/sync' }];

/** `npm run dev -w web` serves the SPA with hot reload and forwards the API to the local platform (`npm start`). */
const platform = process.env.LOCAL_SITE_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), earlyStartPlugin()],
  resolve: { alias: command === 'build' ? [...browserAliases, ...productionAliases] : browserAliases },
  build: {
    outDir: 'dist',
    // Kept beside the build for debugging, referenced by no bundle, never uploaded (infra/lib/web-stack.ts) nor served.
    sourcemap: 'hidden',
    // The app's first file (React DOM, React Router, zod, TanStack Query) is about 430 kB minified, 137 kB gzipped;
    // what each route may load is budgeted by the benchmark (bench/web-routes.ts). This warns only past that.
    chunkSizeWarningLimit: 460,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small modules shared by lazy pages (a heading, an empty state, a page's CSS module) are copied into each
          // page's chunk instead of being files of their own: a page's first screen is then 2 files, not 10 (issue 12).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          groups: [
            // Everything the entry imports statically, libraries included, is one file: every page loads all of it
            // first, and one file arrives sooner than several (a library's own long-cached chunk cost a page's first
            // paint more than its cache saved; docs/DECISIONS.md, 2026-11-26).
            { name: 'app', priority: 1, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': platform,
      '/config.json': platform,
      '/media': platform,
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: {
        url: 'http://localhost:3000',
        // The card gateway's iframe gets a window but never navigates (no network); tests play the gateway over postMessage.
        settings: { enableIframePageLoading: true, navigation: { disableChildFrameNavigation: true } },
      },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The longest screen tests (a role's whole form, typed key by key) take 3-4 s alone and twice that while three
    // files share two cores with acceptance platforms: vitest's 5 s default failed them at random (CI included).
    testTimeout: 20_000,
  },
}));
