import { systemClock } from '@giving/shared/clock';
import { newId } from '@giving/shared/ids';
import { documentClient } from '@giving/shared/lambda/aws';
import { requireEnv } from '@giving/shared/lambda/env';
import { ENV } from '@giving/shared/manifest';
import type { SearchDeps } from '../domain/ports';
import { dynamoDocumentCopies } from './dynamo-copies';
import { openSearchClient, openSearchEngine } from './opensearch';

/** The search service's composition root: each adapter is built once per process, on first use. */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** In AWS the endpoint is https and requests are signed for the function's region; the local stand-in is plain http. */
export const engine = once(() => {
  const endpoint = requireEnv(ENV.searchEndpoint);
  const signingRegion = endpoint.startsWith('https://') ? requireEnv('AWS_REGION') : undefined;
  return openSearchEngine(openSearchClient({ endpoint, ...(signingRegion ? { signingRegion } : {}) }));
});
export const copies = once(() => dynamoDocumentCopies(documentClient(), requireEnv(ENV.tableName('search'))));

export const deps = (): SearchDeps => ({ engine: engine(), copies: copies(), clock: systemClock, newId: () => newId() });
