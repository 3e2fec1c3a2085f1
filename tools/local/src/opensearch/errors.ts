/**
 * OpenSearch's error answers: `{error: {root_cause: [{type, reason}], type, reason, ...}, status}`.
 * Every refusal the stand-in gives is one of these, with the type and status OpenSearch gives for the same request.
 */
export interface ErrorCause {
  type: string;
  reason: string;
  [key: string]: unknown;
}

export class OpenSearchError extends Error {
  readonly status: number;
  readonly type: string;
  readonly reason: string;
  readonly extra: Record<string, unknown>;
  readonly rootCauses: ErrorCause[] | undefined;
  readonly causedBy: ErrorCause | undefined;

  constructor(
    status: number,
    type: string,
    reason: string,
    options: { extra?: Record<string, unknown>; rootCauses?: ErrorCause[]; causedBy?: ErrorCause } = {},
  ) {
    super(`${type}: ${reason}`);
    this.status = status;
    this.type = type;
    this.reason = reason;
    this.extra = options.extra ?? {};
    this.rootCauses = options.rootCauses;
    this.causedBy = options.causedBy;
  }

  toCause(): ErrorCause {
    return { type: this.type, reason: this.reason, ...this.extra };
  }

  body(): { error: Record<string, unknown>; status: number } {
    const error: Record<string, unknown> = { root_cause: this.rootCauses ?? [this.toCause()], type: this.type, reason: this.reason, ...this.extra };
    if (this.causedBy) error.caused_by = this.causedBy;
    return { error, status: this.status };
  }
}

/**
 * The few answers OpenSearch gives with a bare string as `error` (`{"error": "alias [x] missing", "status": 404}`).
 */
export class PlainError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text);
  }

  body(): { error: string; status: number } {
    return { error: this.text, status: this.status };
  }
}

const indexMeta = (index: string) => ({ index, 'resource.id': index, 'resource.type': 'index_or_alias', index_uuid: '_na_' });

export const errors = {
  indexNotFound: (index: string) => new OpenSearchError(404, 'index_not_found_exception', `no such index [${index}]`, { extra: indexMeta(index) }),
  indexExists: (index: string, uuid: string) =>
    new OpenSearchError(400, 'resource_already_exists_exception', `index [${index}/${uuid}] already exists`, { extra: { index_uuid: uuid, index } }),
  invalidIndexName: (index: string, why: string) =>
    new OpenSearchError(400, 'invalid_index_name_exception', `Invalid index name [${index}], ${why}`, { extra: { index_uuid: '_na_', index } }),
  invalidAliasName: (alias: string, why: string) => new OpenSearchError(400, 'invalid_alias_name_exception', `Invalid alias name [${alias}], ${why}`),
  parsing: (reason: string) => new OpenSearchError(400, 'parsing_exception', reason),
  xContentParse: (reason: string) => new OpenSearchError(400, 'x_content_parse_exception', reason),
  illegalArgument: (reason: string) => new OpenSearchError(400, 'illegal_argument_exception', reason),
  actionValidation: (reason: string) => new OpenSearchError(400, 'action_request_validation_exception', `Validation Failed: 1: ${reason};`),
  mapperParsing: (reason: string, causedBy?: ErrorCause) =>
    new OpenSearchError(400, 'mapper_parsing_exception', reason, causedBy ? { causedBy } : {}),
  strictDynamic: (field: string, parent: string) =>
    new OpenSearchError(400, 'strict_dynamic_mapping_exception', `mapping set to strict, dynamic introduction of [${field}] within [${parent}] is not allowed`),
  versionConflict: (index: { name: string; uuid: string }, id: string, reason: string) =>
    new OpenSearchError(409, 'version_conflict_engine_exception', `[${id}]: ${reason}`, { extra: { index_uuid: index.uuid, shard: '0', index: index.name } }),
  queryShard: (index: { name: string; uuid: string }, reason: string, causedBy?: ErrorCause) =>
    new OpenSearchError(400, 'query_shard_exception', reason, { extra: { index_uuid: index.uuid, index: index.name }, ...(causedBy ? { causedBy } : {}) }),
  resourceNotFound: (reason: string) => new OpenSearchError(404, 'resource_not_found_exception', reason),
  aliasesNotFound: (aliases: string[]) =>
    new OpenSearchError(404, 'aliases_not_found_exception', `aliases [${aliases.join(',')}] missing`, {
      extra: { 'resource.id': aliases.join(','), 'resource.type': 'aliases' },
    }),
};
