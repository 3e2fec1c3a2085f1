import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, NestedStack, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { ServiceName } from '@giving/shared/manifest';
import { manifests as repositoryManifests } from '../../services/index';
import { buildGivingApp, type GivingAppOptions } from './app';

export interface SynthOptions extends Partial<GivingAppOptions> {
  readonly context?: Record<string, unknown>;
}

/**
 * Builds and synthesizes the app as `cdk synth` does, but without bundling (tests look at templates,
 * not bundles) and, unless told otherwise, without a built SPA: what a clean clone synthesizes.
 */
export function synthesize(options: SynthOptions = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...options.context } });
  const stacks = buildGivingApp(app, {
    manifests: options.manifests ?? repositoryManifests,
    webDist: options.webDist === undefined ? null : options.webDist,
    ...(options.servicesRoot ? { servicesRoot: options.servicesRoot } : {}),
  });
  const assembly = app.synth();
  const templates = new Map<Stack, Template>();
  const template = (stack: Stack) => {
    let found = templates.get(stack);
    if (!found) templates.set(stack, (found = Template.fromStack(stack)));
    return found;
  };
  return { app, stacks, assembly, template };
}

export type Synth = ReturnType<typeof synthesize>;

/** make() on the first call; its result (or its error) on every later one. */
function once<T>(make: () => T): () => T {
  let outcome: { value: T } | { error: unknown } | undefined;
  return () => {
    if (!outcome) {
      try {
        outcome = { value: make() };
      } catch (error) {
        outcome = { error };
      }
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  };
}

/**
 * The repository's app as a clean clone synthesizes it (`synthesize()`), made once and shared by every suite of
 * synth.test.ts that looks at it. Read it, never change it: its construct tree and templates are everyone's.
 */
export const appSynth = once(() => synthesize());

/** The build's inline early start (web/src/lib/early-start.ts), in the built SPA's index.html. */
export const EARLY_START = "document.head.append('early')";

/**
 * Synthesizes with a built SPA as vite leaves it in web/dist, made for the synth and removed after it (the assembly
 * has its own copy of what the web stack uploads).
 */
function synthesizeWithBuiltSpa(options: SynthOptions = {}): Synth {
  const dist = mkdtempSync(path.join(tmpdir(), 'giving-web-dist-'));
  try {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><script>${EARLY_START}</script><script type="module" src="/assets/index-1.js"></script>`);
    writeFileSync(path.join(dist, 'assets', 'index-1.js'), 'console.log(1)');
    // vite builds source maps 'hidden' beside the bundles: they must stay out of the bucket.
    writeFileSync(path.join(dist, 'assets', 'index-1.js.map'), '{"version":3}');
    writeFileSync(path.join(dist, 'index.html.map'), '{"version":3}');
    return synthesize({ ...options, webDist: dist });
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

/** The repository's app with a built SPA (web-stack: what it uploads and its CSP; nag: the upload's findings). Shared: read only. */
export const builtSpaSynth = once(() => synthesizeWithBuiltSpa());

/** The context a deployment sets: its account and region, its API's domain and certificate, its card gateway. */
export const DEPLOYMENT_CONTEXT = {
  account: '123456789012',
  region: 'ap-southeast-2',
  apiDomainName: 'api.koha.nz',
  apiCertificateArn: 'arn:aws:acm:ap-southeast-2:123456789012:certificate/0d1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6',
  cardGatewayUrl: 'https://pay.gateway.test/v2',
} as const;

/**
 * The repository's app as a deployment synthesizes it: DEPLOYMENT_CONTEXT and a built SPA (edge-stack: the API's
 * domain; web-stack: the card gateway's frame-src; nag: acknowledged ids as a pinned stack renders them). Shared: read only.
 */
export const deploymentSynth = once(() => synthesizeWithBuiltSpa({ context: DEPLOYMENT_CONTEXT }));

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** Logical ids of the Lambda functions in a template that a manifest entry's handler became (found by their description). */
function functionIds(template: Template, service: string, handler: string): string[] {
  const functions = template.findResources('AWS::Lambda::Function') as Resources;
  return Object.entries(functions)
    .filter(([, fn]) => typeof fn.Properties?.Description === 'string' && fn.Properties.Description.startsWith(`${service}: ${handler} (`))
    .map(([id]) => id);
}

/** The logical id of the one Lambda function a manifest entry's handler became, in this template. */
export function functionLogicalId(template: Template, service: string, handler: string): string {
  const ids = functionIds(template, service, handler);
  if (ids.length !== 1) throw new Error(`expected one function for ${service} ${handler}, found ${ids.length}`);
  return ids[0] as string;
}

/** A service's stack and then its nested stacks (one per HTTP handler file), each with its template. */
export function serviceTemplates(synth: Synth, service: ServiceName): { stack: Stack; template: Template }[] {
  const stack = synth.stacks.services.get(service);
  if (!stack) throw new Error(`${service} has no stack`);
  return [stack, ...stack.httpStacks.values()].map((each) => ({ stack: each, template: synth.template(each) }));
}

/** The one Lambda function a handler became, searched across all of its service's templates (found nowhere else). */
export function findFunction(synth: Synth, service: ServiceName, handler: string): { stack: Stack; template: Template; id: string } {
  const found = serviceTemplates(synth, service).flatMap(({ stack, template }) =>
    functionIds(template, service, handler).map((id) => ({ stack, template, id })),
  );
  if (found.length !== 1) throw new Error(`expected one function for ${service} ${handler} in its stacks, found ${found.length}`);
  return found[0]!;
}

/**
 * What a value in a parent's template (`{"Fn::GetAtt": [<nested stack resource>, "Outputs.<name>"]}`) stands for:
 * the nested stack it reads, that stack's template and the output's value there.
 */
export function nestedOutput(synth: Synth, parent: Stack, value: unknown): { stack: NestedStack; template: Template; value: unknown } {
  const [resourceId, attribute] = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'] ?? [];
  if (!resourceId || !attribute?.startsWith('Outputs.')) throw new Error(`not a nested stack output: ${JSON.stringify(value)}`);
  const stack = parent.node
    .findAll()
    .find((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === parent && parent.getLogicalId(c.nestedStackResource as CfnElement) === resourceId);
  if (!stack) throw new Error(`no nested stack of ${parent.node.path} has the logical id ${resourceId}`);
  const template = synth.template(stack);
  const outputs = (template.toJSON().Outputs ?? {}) as Record<string, { Value: unknown }>;
  const output = outputs[attribute.slice('Outputs.'.length)];
  if (!output) throw new Error(`${stack.node.path} has no output ${attribute}`);
  return { stack, template, value: output.Value };
}

/** Every template the app deploys: each top-level stack's and each nested stack's, by construct path. */
export function allTemplates(synth: Synth): { path: string; nested: boolean; template: Template }[] {
  return synth.app.node
    .findAll()
    .filter((c): c is Stack => Stack.isStack(c))
    .map((stack) => ({ path: stack.node.path, nested: NestedStack.isNestedStack(stack), template: synth.template(stack) }));
}

/** The one resource of a type whose properties satisfy a predicate. */
export function onlyResource(template: Template, type: string, where: (properties: Record<string, unknown>) => boolean) {
  const matches = Object.entries(template.findResources(type) as Resources).filter(([, resource]) => where(resource.Properties ?? {}));
  if (matches.length !== 1) throw new Error(`expected one ${type} matching, found ${matches.length}`);
  const [id, resource] = matches[0] as [string, { Properties?: Record<string, unknown> }];
  return { id, properties: resource.Properties ?? {} };
}
