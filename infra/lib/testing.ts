import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
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

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** The logical id of the one Lambda function a manifest entry's handler became (found by its description). */
export function functionLogicalId(template: Template, service: string, handler: string): string {
  const functions = template.findResources('AWS::Lambda::Function') as Resources;
  const ids = Object.entries(functions)
    .filter(([, fn]) => typeof fn.Properties?.Description === 'string' && fn.Properties.Description.startsWith(`${service}: ${handler} (`))
    .map(([id]) => id);
  if (ids.length !== 1) throw new Error(`expected one function for ${service} ${handler}, found ${ids.length}`);
  return ids[0] as string;
}

/** The one resource of a type whose properties satisfy a predicate. */
export function onlyResource(template: Template, type: string, where: (properties: Record<string, unknown>) => boolean) {
  const matches = Object.entries(template.findResources(type) as Resources).filter(([, resource]) => where(resource.Properties ?? {}));
  if (matches.length !== 1) throw new Error(`expected one ${type} matching, found ${matches.length}`);
  const [id, resource] = matches[0] as [string, { Properties?: Record<string, unknown> }];
  return { id, properties: resource.Properties ?? {} };
}
