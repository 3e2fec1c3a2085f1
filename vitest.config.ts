import { defineConfig } from 'vitest/config';

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
      'web/vite.config.ts',
    ],
  },
});
