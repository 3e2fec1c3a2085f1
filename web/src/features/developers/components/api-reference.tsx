import { useId, useMemo, useState, type ReactNode } from 'react';
import { API_BASE } from '../../../lib/api-client';
import { QueryStates } from '../../../components/ui/query-states';
import { Tag } from '../../../components/ui/tag';
import { API_DOCUMENT_PATH, useApiDocument, type ApiAuth, type ApiDocument, type ApiOperation, type ApiParameter, type ApiResponse, type JsonSchema } from '../api/get-api-document';
import styles from './api-reference.module.css';

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
/** How deep a request or answer's fields are listed before the rest is left to the document itself. */
const MAX_DEPTH = 4;

interface Entry {
  method: string;
  path: string;
  operation: ApiOperation;
  /** Lower-case words a filter matches against. */
  text: string;
}

/** The API reference: every operation of GET /api/openapi.json, grouped by service, with a filter. */
export function ApiReference() {
  const query = useApiDocument();
  if (!query.isSuccess) return <QueryStates query={query} loading="Loading the API reference" failed="We couldn’t load the API reference" />;
  return <ApiOperations document={query.data} />;
}

export function ApiOperations({ document }: { document: ApiDocument }) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const entries = useMemo(() => entriesOf(document), [document]);
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = entries.filter((entry) => words.every((word) => entry.text.includes(word)));
  const documentUrl = `${API_BASE}${API_DOCUMENT_PATH}`;
  return (
    <div className={styles.reference}>
      {(document.info.description ?? '').split('\n\n').map((paragraph) => (
        <p key={paragraph} className={styles.lead}>
          {paragraph}
        </p>
      ))}
      <p>
        <a href={documentUrl}>Download the OpenAPI 3.1 document ({documentUrl})</a>
      </p>
      <div className={styles.filter}>
        <label htmlFor={filterId}>Filter by path, words or permission</label>
        <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="e.g. payments, Charity_MemberView" />
        <span role="status">
          {shown.length} of {entries.length} operations
        </span>
      </div>
      {document.tags.map((tag) => {
        const operations = shown.filter((entry) => entry.operation.tags[0] === tag.name);
        if (operations.length === 0) return null;
        return (
          <section key={tag.name} aria-labelledby={`service-${tag.name}`} className={styles.service}>
            <h2 id={`service-${tag.name}`}>{tag.name}</h2>
            {tag.description ? <p className={styles.muted}>{tag.description}</p> : null}
            <ul className={styles.operations}>
              {operations.map((entry) => (
                <li key={entry.operation.operationId}>
                  <OperationView entry={entry} document={document} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function entriesOf(document: ApiDocument): Entry[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const auth = operation['x-koha-auth'];
        const text = [method, path, operation.summary, ...(auth.anyOf ?? []), ...(auth.allOf ?? [])].join(' ').toLowerCase();
        return { method, path, operation, text };
      }),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
}

function OperationView({ entry, document }: { entry: Entry; document: ApiDocument }) {
  const { method, path, operation } = entry;
  const auth = operation['x-koha-auth'];
  const parameters = (operation.parameters ?? []).map((parameter) => ('$ref' in parameter ? document.components.parameters[refName(parameter.$ref)] : parameter)).filter((p) => p !== undefined);
  const body = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
  // An operation's details are drawn when it is opened: the page lists ~300 and a phone need not lay them all out.
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.operation} id={operation.operationId} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className={`${styles.method} ${styles[method] ?? ''}`}>{method.toUpperCase()}</span> <code className={styles.path}>{path}</code>{' '}
        <Tag tone={auth.kind === 'public' ? 'success' : 'neutral'}>{auth.kind === 'public' ? 'Public' : 'Signed in'}</Tag>
        <span className={styles.summary}>{operation.summary}</span>
      </summary>
      {open ? (
      <div className={styles.details}>
        <AuthView auth={auth} />
        {(operation.description ?? '')
          .split('\n\n')
          .filter((paragraph) => paragraph.startsWith('Rate limit'))
          .map((paragraph) => (
            <p key={paragraph} className={styles.muted}>
              {paragraph}
            </p>
          ))}
        {parameters.length > 0 ? (
          <>
            <h3>Parameters</h3>
            <ul className={styles.fields}>
              {parameters.map((parameter) => (
                <ParameterView key={`${parameter.in}-${parameter.name}`} parameter={parameter} />
              ))}
            </ul>
          </>
        ) : null}
        {body ? (
          <>
            <h3>Request body</h3>
            <p className={styles.muted}>
              {body[0]}
              {operation.requestBody?.required ? ', required' : ', optional'}
            </p>
            {body[1].schema ? <SchemaView schema={body[1].schema} document={document} depth={0} /> : null}
          </>
        ) : null}
        <h3>Responses</h3>
        <ul className={styles.responses}>
          {Object.entries(operation.responses)
            .sort(([a], [b]) => responseOrder(a) - responseOrder(b))
            .map(([status, response]) => {
              const resolved: ApiResponse | undefined = '$ref' in response ? document.components.responses[refName(response.$ref)] : response;
              const media = resolved?.content ? Object.entries(resolved.content)[0] : undefined;
              return (
                <li key={status}>
                  <strong>{status === 'default' ? 'Other errors' : status}</strong> {resolved?.description}
                  {media && !/^[45]/.test(status) && status !== 'default' ? (
                    <div>
                      <span className={styles.muted}>{media[0]}</span>
                      {media[1].schema && media[0] === 'application/json' ? <SchemaView schema={media[1].schema} document={document} depth={0} /> : null}
                    </div>
                  ) : null}
                  {media && (/^[45]/.test(status) || status === 'default') ? <span className={styles.muted}> (application/problem+json)</span> : null}
                </li>
              );
            })}
        </ul>
      </div>
      ) : null}
    </details>
  );
}

/** Success first, then errors by status, then the catch-all. */
const responseOrder = (status: string) => (status === 'default' ? 1000 : status === '2XX' ? 200 : Number(status));

function AuthView({ auth }: { auth: ApiAuth }) {
  if (auth.kind === 'public') return <p>Public: no sign-in needed.</p>;
  const where = auth.tenant ? ` in the ${auth.tenant.kind} named by {${auth.tenant.param}}` : '';
  return (
    <p>
      Signed in: send the Cognito ID token as <code>Authorization: Bearer &lt;JWT&gt;</code>.
      {auth.anyOf?.length ? <> Needs any of these permissions{where}: {permissionList(auth.anyOf)}.</> : null}
      {auth.allOf?.length ? <> Needs all of these permissions{where}: {permissionList(auth.allOf)}.</> : null}
      {auth.deniedAs === 'Unauthorized' ? ' Without them: 401.' : null}
    </p>
  );
}

const permissionList = (permissions: readonly string[]) =>
  permissions.map((permission, index) => (
    <span key={permission}>
      {index > 0 ? ', ' : ''}
      <code>{permission}</code>
    </span>
  ));

function ParameterView({ parameter }: { parameter: ApiParameter }) {
  return (
    <li>
      <code>{parameter.name}</code> <span className={styles.muted}>({[parameter.in, parameter.required ? 'required' : 'optional'].join(', ')})</span>{' '}
      {parameter.schema ? <TypeText schema={parameter.schema} /> : null}
      {parameter.description ? <span className={styles.muted}> {parameter.description}</span> : null}
    </li>
  );
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
const variantsOf = (schema: JsonSchema): JsonSchema[] => ((schema.oneOf ?? schema.anyOf) as unknown[] | undefined)?.filter(isObject) ?? [];

/** A schema that needs no list of fields: a string, a number, an enum, a constant. */
function isSimple(schema: JsonSchema): boolean {
  if (typeof schema.$ref === 'string') return false;
  if (schema.type === 'object' || isObject(schema.properties)) return false;
  if (schema.type === 'array') return isObject(schema.items) && isSimple(schema.items);
  const variants = variantsOf(schema);
  return variants.every(isSimple);
}

/** The type in words, with its limits: 'integer, 100 to 100000000', 'string, matches ^[0-9A-Z]{26}$', '"nz" or "au"'. */
function TypeText({ schema }: { schema: JsonSchema }) {
  return <span className={styles.type}>{typeText(schema)}</span>;
}

function typeText(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if ('const' in schema) return JSON.stringify(schema.const);
  // zod's never: a field the request must not carry (a guest's savedCardId, say).
  if (isObject(schema.not) && Object.keys(schema.not).length === 0) return 'must not be sent';
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' or ');
  const variants = variantsOf(schema);
  if (variants.length > 0) return variants.map(typeText).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : typeof schema.type === 'string' ? schema.type : 'any';
  if (type === 'array') return `list of ${isObject(schema.items) ? typeText(schema.items) : 'any'}${limits(schema, 'minItems', 'maxItems', 'items')}`;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  const pattern = typeof schema.pattern === 'string' ? `, matches ${schema.pattern}` : '';
  return `${type}${format}${limits(schema, 'minLength', 'maxLength', 'characters')}${limits(schema, 'minimum', 'maximum', '')}${pattern}`;
}

function limits(schema: JsonSchema, minKey: string, maxKey: string, unit: string): string {
  const min = typeof schema[minKey] === 'number' ? (schema[minKey] as number) : undefined;
  const max = typeof schema[maxKey] === 'number' ? (schema[maxKey] as number) : undefined;
  const suffix = unit ? ` ${unit}` : '';
  if (min !== undefined && max !== undefined) return `, ${min} to ${max}${suffix}`;
  if (min === 1 && unit === 'characters') return ', not empty';
  if (min !== undefined) return `, at least ${min}${suffix}`;
  if (max !== undefined) return `, at most ${max}${suffix}`;
  return '';
}

/** A request's or an answer's shape: its fields (nested objects and unions listed in turn), a named schema by its name. */
function SchemaView({ schema, document, depth }: { schema: JsonSchema; document: ApiDocument; depth: number }): ReactNode {
  let resolved = schema;
  let name: string | undefined;
  if (typeof schema.$ref === 'string') {
    name = refName(schema.$ref);
    resolved = document.components.schemas[name] ?? {};
  }
  const variants = variantsOf(resolved);
  const properties = isObject(resolved.properties) ? resolved.properties : undefined;
  const itemSchema = resolved.type === 'array' && isObject(resolved.items) ? resolved.items : undefined;
  const content =
    depth >= MAX_DEPTH ? null : variants.length > 0 && !isSimple(resolved) ? (
      <>
        <p className={styles.muted}>One of:</p>
        <ol className={styles.variants}>
          {variants.map((variant, index) => (
            <li key={index}>
              <SchemaView schema={variant} document={document} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </>
    ) : properties ? (
      <ul className={styles.fields}>
        {Object.entries(properties).map(([field, fieldSchema]) => {
          const child = isObject(fieldSchema) ? fieldSchema : {};
          const required = Array.isArray(resolved.required) && resolved.required.includes(field);
          return (
            <li key={field}>
              <code>{field}</code>
              {required ? null : <span className={styles.muted}> (optional)</span>} <TypeText schema={child} />
              {typeof child.description === 'string' ? <span className={styles.muted}> {child.description}</span> : null}
              {isSimple(child) ? null : <SchemaView schema={child} document={document} depth={depth + 1} />}
            </li>
          );
        })}
      </ul>
    ) : itemSchema && !isSimple(itemSchema) ? (
      <SchemaView schema={itemSchema} document={document} depth={depth + 1} />
    ) : depth === 0 ? (
      <p>
        <TypeText schema={resolved} />
      </p>
    ) : null;
  return (
    <div className={styles.schema}>
      {name && depth === 0 ? <p className={styles.schemaName}>{name}</p> : null}
      {content}
    </div>
  );
}
