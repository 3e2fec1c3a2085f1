import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { SHORT_LIVED_JVM_OPTIONS } from './tools/local/src/dynamodb-jvm.ts';
import LongestFirst from './tools/local/src/testing/longest-first.ts';
import webConfig from './web/vite.config.ts';

/**
 * The SPA's test files that replace a module with vi.mock or vi.doMock (paths under web/): found by reading them, so a
 * new one cannot end up sharing a worker with the rest.
 */
const WEB_MOCKING_FILES = readdirSync(path.join(import.meta.dirname, 'web/src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(import.meta.dirname, 'web/src', file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

// Test platforms live for seconds to minutes: their DynamoDB Local skips the JIT's second tier (tools/local/src/dynamodb-jvm.ts).
process.env.LOCAL_DYNAMODB_JVM_OPTIONS ??= SHORT_LIVED_JVM_OPTIONS;

const NODE_ROOTS = ['shared', 'services', 'infra', 'tools', 'bench'];
/** What a node test file may do that would reach the next file in its worker: replace a module or a global, or set the environment. */
const GLOBAL_CHANGE = /vi\.(do)?[mM]ock\(|mockClient|stubEnv|useFakeTimers|process\.env\.[A-Za-z_]+ *=[^=]|process\.env\[[^\]]+\] *=[^=]|delete process\.env|vi\.spyOn|globalThis\.[a-zA-Z]+ *=|stubGlobal/;
const nodeTestFiles = NODE_ROOTS.flatMap((root) =>
  readdirSync(path.join(import.meta.dirname, root), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.split(path.sep).includes('node_modules'))
    .map((file) => `${root}/${file.split(path.sep).join('/')}`),
);
/**
 * The node test files that need a fresh module graph: those that change something global (found by reading them), the
 * handlers' (a handler keeps its adapters in module-level singletons made from the environment of its first call), and
 * the ids' (it asserts the order of ids made from the module's own clock, which other files move).
 */
const NODE_GLOBAL_FILES = nodeTestFiles.filter(
  (file) => file.includes('/handlers/') || file === 'shared/ids.test.ts' || GLOBAL_CHANGE.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')),
);
const NODE_EXCLUDE = ['**/node_modules/**', '**/.tmp/**', 'cdk.out/**'];
const NODE_TEST = {
  environment: 'node',
  globalSetup: ['tools/local/src/testing/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'silent' },
} satisfies NonNullable<ViteUserConfig['test']>;

/** The SPA's own configuration (web/vite.config.ts), as `vitest` reads it. */
const web = (typeof webConfig === 'function' ? webConfig({ command: 'serve', mode: 'test' }) : webConfig) as ViteUserConfig;

const setupFilesOf = (config: ViteUserConfig) => [config.test?.setupFiles ?? []].flat();

export default defineConfig({
  test: {
    // Acceptance files spend much of their time waiting on their platforms (queues, workflows, polling): three files
    // at a time on two cores keeps the CPUs busy (vitest's default is cores - 1: one file at a time here). Set for the
    // whole run: projects with different maxWorkers would need separate sequence groups, run one after the other.
    maxWorkers: 3,
    // Longest files first by a committed table, not by this machine's cache, which CI never has (longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      // The node unit tests share their workers' modules (isolate: false), as the SPA's do: loading the AWS SDK and the
      // services' modules again for every file was most of a small file's time. Each file makes its own tables and
      // clients; the files that replace a module or a global, or set the environment, and the acceptance files (each
      // starts a platform, which sets the environment) run in a fresh module graph each.
      { test: { ...NODE_TEST, name: 'node', isolate: false, include: nodeTestFiles, exclude: [...NODE_EXCLUDE, ...NODE_GLOBAL_FILES] } },
      { test: { ...NODE_TEST, name: 'node-isolated', include: ['tests/acceptance/**/*.test.ts', ...NODE_GLOBAL_FILES], exclude: NODE_EXCLUDE } },
      // The SPA's files share their workers' modules and DOM (isolate: false): a fresh happy-dom window and module graph
      // per file cost more than the tests themselves (the SPA's files alone: 190 s, now about 75 s). setup.ts empties what a test leaves behind
      // (the DOM, storage, cookies, stubs); the files that replace a module with vi.mock run on their own, as the
      // mock would otherwise be what the next file in that worker imports.
      { ...web, test: { ...web.test, name: 'web', isolate: false, setupFiles: [...setupFilesOf(web), 'src/test/preload.ts'], exclude: [...WEB_MOCKING_FILES, '**/node_modules/**'] } },
      { ...web, test: { ...web.test, name: 'web-mocks', include: WEB_MOCKING_FILES } },
    ],
  },
});
