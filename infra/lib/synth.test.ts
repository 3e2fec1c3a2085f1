import { describe, vi } from 'vitest';

/**
 * Every test that synthesizes the CDK app, in one file. Vitest gives each test file its own module graph, so each file
 * pays aws-cdk-lib's start-up (loading it, the JIT, the CloudFormation validation engine) on its first synth: that
 * synth of the repository's app costs about 13 CPU-seconds, a later one in the same file about 4. When these suites
 * were seven files, each paid the start-up and six of them synthesized the repository's app for themselves. Here the
 * start-up is paid once, and the suites share the synths they can (testing.ts: appSynth, builtSpaSynth, deploymentSynth).
 *
 * Each suite is its own module (<name>.suite.ts, not a test file by itself), imported inside a describe of its own so
 * that its top-level hooks, and a failing synth in them, stay its own. One of them alone:
 * `npx vitest run infra/lib/synth.test.ts -t '<name>'`.
 */

// The first synth in the file, in whichever suite's beforeAll runs first, also pays the start-up: a minute or more when
// other test files share the two cores (as nag's cases may take: nag.suite.ts).
vi.setConfig({ hookTimeout: 180_000 });

describe('stateful-stack', async () => {
  await import('./stateful-stack.suite');
});
describe('edge-stack', async () => {
  await import('./edge-stack.suite');
});
describe('web-stack', async () => {
  await import('./web-stack.suite');
});
describe('service-stack', async () => {
  await import('./service-stack.suite');
});
describe('live-api', async () => {
  await import('./live-api.suite');
});
describe('access', async () => {
  await import('./access.suite');
});
describe('nag', async () => {
  await import('./nag.suite');
});
