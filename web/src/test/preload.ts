import { beforeAll } from 'vitest';

/**
 * For the files that share a worker's modules (vitest.config.ts, project 'web'): every module of the app is loaded
 * before the first test. The routes load their screens lazily; a lazy import still in flight when its file ends is
 * refused by the closing environment, and the module stays broken for the next file in that worker (a blank screen,
 * at random). Loaded up front, nothing is imported late. The worker pays for it once; its other files find them loaded.
 */
const modules = import.meta.glob(['../{app,components,features,lib}/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/testing.{ts,tsx}', '!**/*-fake.{ts,tsx}']);

beforeAll(async () => {
  // One after another: loading them all at once failed at random inside the module runner.
  for (const load of Object.values(modules)) await load();
}, 60_000);
