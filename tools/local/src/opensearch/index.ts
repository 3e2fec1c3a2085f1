/**
 * The local OpenSearch stand-in (issue 14): an OpenSearch-compatible HTTP endpoint for the subset of the REST API
 * and query DSL the platform sends, backed by an embedded engine (SearchEngine, usable in-process too).
 */
export { startOpenSearch, type OpenSearchOptions, type RunningOpenSearch } from './server';
export { SearchEngine, type Answer, type EngineOptions } from './engine';
export { OpenSearchError } from './errors';
