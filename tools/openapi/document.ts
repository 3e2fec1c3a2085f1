import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import { PATH_PARAMETERS, isPathParameterName, pathParameterNames } from '@giving/shared/contracts/path-parameters';
import { RATE_RULES, siteRuleMatches } from '@giving/shared/edge';
import { ERROR_TABLE, PROBLEM_CONTENT_TYPE, type ErrorCode } from '@giving/shared/errors';
import { contractOf, type RouteContract } from '@giving/shared/lambda/http';
import { API_PREFIX, parseHandler, type AuthPolicy, type ContractRef, type RouteSpec, type ServiceManifest, type ServiceName } from '@giving/shared/manifest';

/**
 * The API's OpenAPI 3.1 document, built from what the code itself declares: each route of the service manifests (method,
 * path, policy, summary, its success answer), the schemas its handler validates with (httpRoute's body, query and the
 * path parameters' table), and the one error table (problem+json). Nothing here is written twice: a route, a field or a
 * permission that changes changes the document, and tools/openapi/document.test.ts fails until docs/openapi.json is
 * written again (`npm run openapi`). Schemas become JSON Schema through zod's own toJSONSchema.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DOCUMENT_FILE = path.join(REPO_ROOT, 'docs', 'openapi.json');
const CONTRACTS_DIR = path.join(REPO_ROOT, 'shared', 'contracts');

type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;
type Schema = z.ZodMiniType;

const SCHEMA_REF = '#/components/schemas/';

/** What a service's routes are for (the tags of the document; the docs page groups operations by them). */
const SERVICE_DESCRIPTIONS: Record<ServiceName, string> = {
  accounts: 'Charities, workplaces and members: profiles, memberships and invitations, the site settings, the back office of people and content.',
  donations: 'Gifts, checkout and payments (card, gift voucher, payroll), monthly giving and saved cards, receipts and tax statements, gift vouchers.',
  workplace: 'Payroll giving: pay cycles, file structures and batches for finance, eligibility files, external donations, workplace reports.',
  volunteering: 'Volunteering opportunities, sessions, applications and invitations, feedback, and their consoles.',
  fundraising: 'Fundraising events and pages, their members, comments and offline donations.',
  matching: "Employers' matching campaigns, match previews and matching payments.",
  search: 'The public search indexes (charities, gifts, fundraising, volunteering) and their operations.',
};

/** A schema exported by a contracts file, by the object itself (handlers hold the objects, not their names). */
interface NamedSchema {
  file: string;
  exportName: string;
  component: string;
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;
const pascal = (text: string) => text.replace(/(^|[-_])([a-z])/g, (_, __, c: string) => c.toUpperCase()).replace(/^[a-z]/, (c) => c.toUpperCase());

async function loadContracts(): Promise<{ byObject: Map<Schema, NamedSchema>; byRef: Map<ContractRef, Schema> }> {
  const files = readdirSync(CONTRACTS_DIR)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  const exported: { file: string; exportName: string; schema: Schema }[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(CONTRACTS_DIR, file)).href)) as Record<string, unknown>;
    for (const exportName of Object.keys(module).sort()) {
      const value = module[exportName];
      if (isSchema(value)) exported.push({ file: file.replace(/\.ts$/, ''), exportName, schema: value });
    }
  }
  // A schema's component name is its export's name less 'Schema'; a name two different schemas use is prefixed with
  // its file's (a schema one module re-exports from another is one schema: accounts.ts re-exports accounts-public.ts).
  const baseName = (exportName: string) => pascal(exportName.replace(/Schema$/, ''));
  const schemasNamed = new Map<string, Set<Schema>>();
  for (const { exportName, schema } of exported) schemasNamed.set(baseName(exportName), (schemasNamed.get(baseName(exportName)) ?? new Set()).add(schema));
  const byObject = new Map<Schema, NamedSchema>();
  const byRef = new Map<ContractRef, Schema>();
  for (const { file, exportName, schema } of exported) {
    byRef.set(`${file}#${exportName}`, schema);
    if (byObject.has(schema)) continue; // the same object exported twice keeps its first name
    const base = baseName(exportName);
    byObject.set(schema, { file, exportName, component: (schemasNamed.get(base)?.size ?? 0) > 1 ? `${pascal(file)}${base}` : base });
  }
  return { byObject, byRef };
}

/** zod's JSON Schema (draft 2020-12) of what a caller sends ('input') or gets ('output'), with no $schema of its own. */
export function jsonSchemaOf(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete converted.$schema;
  if ('$defs' in converted) throw new Error('a contract schema refers to itself: hoist its $defs into components before using it here');
  return converted;
}

async function loadRouteContract(service: ServiceName, route: RouteSpec): Promise<RouteContract> {
  const { file, exportName } = parseHandler(route.handler);
  const module = (await import(pathToFileURL(path.join(REPO_ROOT, 'services', service, `${file}.ts`)).href)) as Record<string, unknown>;
  const contract = contractOf(module[exportName]);
  if (!contract) throw new Error(`services/${service}/${file}.ts: ${exportName} was not built with its service's route factory`);
  return contract;
}

/** Sign-in and permissions, in words, for the operation's description. */
export function describeAuth(auth: AuthPolicy): string {
  if (auth.kind === 'public') return 'Public: no sign-in needed.';
  const parts = ['Signed in: send the Cognito ID token as `Authorization: Bearer <JWT>`.'];
  const where = auth.tenant ? ` in the ${auth.tenant.kind} named by {${auth.tenant.param}}` : '';
  if (auth.anyOf?.length) parts.push(`Needs any of these permissions${where}: ${auth.anyOf.join(', ')}.`);
  if (auth.allOf?.length) parts.push(`Needs all of these permissions${where}: ${auth.allOf.join(', ')}.`);
  if (auth.anyOf?.length || auth.allOf?.length) {
    parts.push(auth.deniedAs === 'Unauthorized' ? 'A signed-in caller without them gets 401.' : 'A signed-in caller without them gets 403.');
  }
  return parts.join(' ');
}

/**
 * OpenAPI 3.1 security requirements: none for a public route; the bearer scheme with the permissions as role names
 * otherwise (3.1 allows roles for non-OAuth schemes). anyOf becomes alternatives, each holding allOf as well.
 */
function securityOf(auth: AuthPolicy): Json[] {
  if (auth.kind === 'public') return [];
  const allOf = [...(auth.allOf ?? [])];
  if (!auth.anyOf?.length) return [{ cognito: allOf }];
  return auth.anyOf.map((permission) => ({ cognito: [...allOf.filter((p) => p !== permission), permission] }));
}

/** An operation's id: method and path in camel case ('POST /donations/payments' -> postDonationsPayments). */
export const operationIdOf = (route: Pick<RouteSpec, 'method' | 'path'>) =>
  `${route.method.toLowerCase()}${route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;

const problemRef = (status: string) => ({ $ref: `#/components/responses/${status}` });

/** The problem+json answers by status: each names the error codes of shared/errors.ts it carries. */
const PROBLEM_RESPONSES: Record<string, { codes: ErrorCode[]; description: string }> = {
  BadRequest: { codes: ['ValidationFailed', 'MalformedJson'], description: 'A field is invalid (errors names each one) or the body is not JSON.' },
  Unauthorized: { codes: ['Unauthorized'], description: 'No valid token, or (where the route says so) a signed-in caller without the permissions.' },
  Forbidden: { codes: ['Forbidden'], description: 'Signed in, but without the permissions the route needs (in that charity or workplace).' },
  NotFound: { codes: ['NotFound'], description: 'The path names nothing that exists (or nothing the caller may see).' },
  UnsupportedMediaType: { codes: ['UnsupportedMediaType'], description: 'The body was not sent as application/json.' },
  IdempotencyKeyReused: { codes: ['IdempotencyKeyReused'], description: 'This Idempotency-Key was already used for a different request.' },
  TooManyRequests: { codes: ['TooManyRequests'], description: "Past a rate limit: the Retry-After header says when to try again." },
  Problem: { codes: Object.keys(ERROR_TABLE) as ErrorCode[], description: 'Any other error (409 conflict, 500, 503 among them), as problem+json.' },
};

function problemComponents() {
  const problem: JsonSchema = {
    type: 'object',
    description: 'An error, as application/problem+json (RFC 9457; shared/errors.ts). A 500 never carries the original message.',
    properties: {
      type: { type: 'string', description: "'about:blank#<code>'" },
      title: { type: 'string', description: "The code's fixed title." },
      status: { type: 'integer' },
      detail: { type: 'string', description: 'What went wrong, when it says more than the title.' },
      code: { type: 'string', enum: Object.keys(ERROR_TABLE) },
      errors: {
        type: 'array',
        description: 'Each invalid field, named by its dotted path (body.donor.email, query.country, path.charityId, Idempotency-Key).',
        items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } }, required: ['field', 'message'] },
      },
    },
    required: ['type', 'title', 'status', 'code'],
  };
  const responses: Record<string, Json> = {};
  for (const [name, { codes, description }] of Object.entries(PROBLEM_RESPONSES)) {
    const examples = Object.fromEntries(
      codes.map((code) => {
        const { status, title } = ERROR_TABLE[code];
        return [code, { value: { type: `about:blank#${code}`, title, status, code } }];
      }),
    );
    responses[name] = {
      description,
      ...(name === 'TooManyRequests' ? { headers: { 'Retry-After': { description: 'Seconds until the caller may try again.', schema: { type: 'integer' } } } } : {}),
      content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: `${SCHEMA_REF}Problem` }, examples } },
    };
  }
  return { problem, responses };
}

export interface OpenApiDocument {
  openapi: string;
  info: Json;
  servers: Json[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, Json>; parameters: Record<string, Json>; securitySchemes: Record<string, Json> };
}

/** Builds the document from the manifests and the handlers and contracts they name (imports every route's handler). */
export async function buildOpenApiDocument(manifests: readonly ServiceManifest[]): Promise<OpenApiDocument> {
  const contracts = await loadContracts();
  const { problem, responses: problemResponses } = problemComponents();
  const schemas: Record<string, JsonSchema> = { Problem: problem };

  /** A named contract schema becomes a component ($ref); one defined in a handler is written inline. */
  const schemaFor = (schema: Schema, io: 'input' | 'output'): JsonSchema => {
    const json = jsonSchemaOf(schema, io);
    const named = contracts.byObject.get(schema);
    if (!named) return json;
    // A schema read and answered with may differ between input and output (defaults, transforms): keep both apart.
    let component = named.component;
    const existing = schemas[component];
    if (existing && JSON.stringify(existing) !== JSON.stringify(json)) component = `${component}${io === 'input' ? 'Input' : 'Output'}`;
    schemas[component] = json;
    return { $ref: `${SCHEMA_REF}${component}` };
  };

  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const manifest of manifests) {
    for (const route of manifest.routes) {
      const contract = await loadRouteContract(manifest.service, route);
      const operationId = operationIdOf(route);
      if (operationIds.has(operationId)) throw new Error(`two routes make the operation id ${operationId}`);
      operationIds.add(operationId);

      const parameters: Json[] = pathParameterNames(route.path).map((name) => {
        if (!isPathParameterName(name)) throw new Error(`${route.method} ${route.path}: {${name}} has no schema in PATH_PARAMETERS`);
        return { name, in: 'path', required: true, schema: jsonSchemaOf(PATH_PARAMETERS[name], 'input') };
      });
      if (contract.query) {
        const query = jsonSchemaOf(contract.query, 'input');
        const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
        if (query.type !== 'object') throw new Error(`${route.method} ${route.path}: its query schema is not an object`);
        const required = new Set((query.required ?? []) as string[]);
        for (const [name, schema] of Object.entries(properties)) {
          const { description, ...rest } = schema;
          parameters.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest });
        }
      }
      if (contract.idempotencyKey) parameters.push({ $ref: `#/components/parameters/${contract.idempotencyKey === 'required' ? 'IdempotencyKey' : 'OptionalIdempotencyKey'}` });

      const responses: Json = {};
      const success = route.response;
      if (success) {
        const schema = success.schema ? contracts.byRef.get(success.schema) : undefined;
        if (success.schema && !schema) throw new Error(`${route.method} ${route.path}: its response schema ${success.schema} is not exported by shared/contracts`);
        const content =
          success.contentType === 'text/csv'
            ? { 'text/csv': { schema: { type: 'string' } } }
            : success.contentType === 'application/pdf'
              ? { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } }
              : schema
                ? { 'application/json': { schema: schemaFor(schema, 'output') } }
                : undefined;
        const description = success.status === 204 ? 'Done; no body.' : success.status === 302 ? 'Redirects to the Location header.' : 'Success.';
        responses[String(success.status)] = { description, ...(content ? { content } : {}) };
      } else {
        responses['2XX'] = { description: 'Success. No contract schema describes this answer yet.' };
      }
      const validates = parameters.length > 0 || contract.body !== undefined;
      if (validates) responses['400'] = problemRef('BadRequest');
      if (route.auth.kind === 'signedIn') responses['401'] = problemRef('Unauthorized');
      if (route.auth.kind === 'signedIn' && (route.auth.anyOf?.length || route.auth.allOf?.length) && route.auth.deniedAs !== 'Unauthorized') {
        responses['403'] = problemRef('Forbidden');
      }
      if (pathParameterNames(route.path).length > 0) responses['404'] = problemRef('NotFound');
      if (contract.body) responses['415'] = problemRef('UnsupportedMediaType');
      if (contract.idempotencyKey) responses['422'] = problemRef('IdempotencyKeyReused');
      responses['429'] = problemRef('TooManyRequests');
      responses.default = problemRef('Problem');

      const rateRules = RATE_RULES.filter((rule) => rule.paths && siteRuleMatches(rule, { method: route.method, path: `${API_PREFIX}${route.path}` }));
      const description = [
        describeAuth(route.auth),
        ...rateRules.map((rule) => `Rate limit '${rule.name}': ${rule.limit} requests per address per ${rule.windowSeconds / 60} minutes.`),
      ].join('\n\n');

      const operation: Json = {
        operationId,
        tags: [manifest.service],
        summary: route.summary,
        description,
        security: securityOf(route.auth),
        'x-koha-auth': route.auth,
        ...(parameters.length ? { parameters } : {}),
        ...(contract.body
          ? { requestBody: { required: !contract.body.safeParse(undefined).success, content: { 'application/json': { schema: schemaFor(contract.body, 'input') } } } }
          : {}),
        responses,
      };
      (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
    }
  }

  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Koha API',
      version: '1',
      description: [
        "Koha's HTTP API, as the site itself calls it. Generated from the service manifests and the request schemas their handlers validate with (npm run openapi writes docs/openapi.json; CI fails when it differs).",
        'Every call is under /api on the site’s own address. Public calls need nothing; signed-in calls send the Cognito ID token as a bearer token, and some need permissions, in the charity or workplace their path names.',
        'Money is integer cents with a country (nz: NZD, au: AUD). Errors are application/problem+json; a 400 names every invalid field.',
      ].join('\n\n'),
    },
    servers: [{ url: API_PREFIX, description: 'The site’s own origin: CloudFront sends /api/* to the HTTP API.' }],
    tags: manifests.map((manifest) => ({ name: manifest.service, description: SERVICE_DESCRIPTIONS[manifest.service] })),
    paths,
    components: {
      schemas: sorted(schemas),
      responses: problemResponses,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: 'Any 8 to 128 letters, digits, - or _, new for each attempt the caller means once: a retry with the same key and body gets the first answer.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
        },
        OptionalIdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Optional: 8 to 128 letters, digits, - or _; a retry with the same key and body gets the first answer.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
        },
      },
      securitySchemes: {
        cognito: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "The Cognito user pool's ID token. The listed roles are permissions of shared/permissions.ts, which the caller holds through their user-pool groups or their roles in the charity or workplace the path names (x-koha-auth.tenant).",
        },
      },
    },
  };
}

/** The document as docs/openapi.json holds it. */
export const serialise = (document: OpenApiDocument) => `${JSON.stringify(document, null, 2)}\n`;
