import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import webConfig from './web/vite.config';

/**
 * The SPA's test files that replace a module with vi.mock or vi.doMock (paths under web/): found by reading them, so a
 * new one cannot end up sharing a worker with the rest.
 */
const WEB_MOCKING_FILES = readdirSync(path.join(import.meta.dirname, 'web/src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(import.meta.dirname, 'web/src', file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/** The SPA's own configuration (web/vite.config.ts), as `vitest` reads it. */
const web = (typeof webConfig === 'function' ? webConfig({ command: 'serve', mode: 'test' }) : webConfig) as ViteUserConfig;

const setupFilesOf = (config: ViteUserConfig) => [config.test?.setupFiles ?? []].flat();

export default defineConfig({
  test: {
    // Acceptance files spend much of their time waiting on their platforms (queues, workflows, polling): three files
    // at a time on two cores keeps the CPUs busy (vitest's default is cores - 1: one file at a time here). Set for the
    // whole run: projects with different maxWorkers would need separate sequence groups, run one after the other.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'services/**/*.test.ts', 'infra/**/*.test.ts', 'tools/**/*.test.ts', 'tests/acceptance/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/.tmp/**', 'cdk.out/**'],
          globalSetup: ['tools/local/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'silent' },
        },
      },
      // The SPA's files share their workers' modules and DOM (isolate: false): a fresh happy-dom window and module graph
      // per file cost more than the tests themselves (the SPA's files alone: 190 s, now about 75 s). setup.ts empties what a test leaves behind
      // (the DOM, storage, cookies, stubs); the files that replace a module with vi.mock run on their own, as the
      // mock would otherwise be what the next file in that worker imports.
      { ...web, test: { ...web.test, name: 'web', isolate: false, setupFiles: [...setupFilesOf(web), 'src/test/preload.ts'], exclude: [...WEB_MOCKING_FILES, '**/node_modules/**'] } },
      { ...web, test: { ...web.test, name: 'web-mocks', include: WEB_MOCKING_FILES } },
    ],
  },
});
