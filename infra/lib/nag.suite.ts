import { App, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { manifests } from '../../services/index';
import { buildGivingApp } from './app';
import { appSynth, builtSpaSynth, deploymentSynth, type Synth } from './testing';
import { WEB_DIST_MISSING_WARNING } from './web-stack';

/** Every acknowledgement in the app, with the construct it sits on. */
function acknowledgements(synth: Synth) {
  return synth.app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({ path: construct.node.path, id, reason }))),
  );
}

function expectClean(synth: Synth, allowedWarnings: string[] = []) {
  const report = new AwsSolutionsChecks().validateScope(synth.app);
  expect(report.violations.map((v) => `${v.ruleName} (${v.severity}) at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  for (const stack of synth.assembly.stacks) {
    const messages = stack.messages.map((message) => ({ level: message.level, id: message.id, text: JSON.stringify(message.entry.data) }));
    expect(messages.filter((message) => message.level === 'error'), stack.stackName).toEqual([]);
    const warnings = messages.filter((message) => message.level === 'warning' && !allowedWarnings.some((id) => message.text.includes(id)));
    expect(warnings, stack.stackName).toEqual([]);
  }
  for (const ack of acknowledgements(synth)) {
    // A reason says why this resource may break the rule: a sentence, not a placeholder.
    expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThan(60);
  }
}

// The cases read apps the suites share (testing.ts), or synthesize them when they run first; the second builds its own
// app. Each synth or build of the whole app can take half a minute or more while other test files share the two cores.
describe('cdk-nag AwsSolutions', { timeout: 180_000 }, () => {
  it('passes for a clean clone, with only the web/dist warning', () => {
    expectClean(appSynth(), [WEB_DIST_MISSING_WARNING]);
  });

  it('checks the resources of nested stacks too (each service’s HTTP functions live there)', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    // One service's nested stacks show it (the whole app would cost seconds more).
    const oneService = manifests.filter((manifest) => manifest.service === 'search');
    const nested = [...buildGivingApp(app, { manifests: oneService, webDist: null }).services.values()].flatMap((stack) => [...stack.httpStacks.values()]);
    expect(nested.length).toBeGreaterThan(0);
    new s3.Bucket(nested[0]!, 'Unchecked');
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} ${r.constructPath}`))).toContain(
      `AwsSolutions-S1 ${nested[0]!.node.path}/Unchecked/Resource`,
    );
  });

  it('passes with a built SPA (the BucketDeployment handler acknowledged finding by finding)', () => {
    expectClean(builtSpaSynth());
  });

  it('passes for a stack pinned to an account and region (acknowledged ids follow the rendering)', () => {
    // A deployment's app: pinned, with a built SPA, its API domain and card gateway (testing.ts DEPLOYMENT_CONTEXT).
    expectClean(deploymentSynth());
  });
});
