import * as z from 'zod/mini';
import { countryCodeSchema } from '@giving/shared/contracts/common';
import { pathParameters } from '@giving/shared/contracts/path-parameters';
import { siteSearchQuerySchema, type SiteSearchResult } from '@giving/shared/contracts/search';
import { DomainError, invalid } from '@giving/shared/errors';
import { ok } from '@giving/shared/lambda/http';
import { deps } from '../adapters';
import { QueryRefused, SearchUnavailable } from '../domain/ports';
import { confinedSearchBody } from '../domain/raw-queries';
import { siteSearchRequest } from '../domain/queries';
import { searchRoute } from '../http';

const HOST = /^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$/;

/** The engine refused a query we let through: the caller's query, so a 400 with the engine's reason. */
async function refusedAsInvalid<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof QueryRefused) throw invalid([{ field: 'body.query', message: error.message }]);
    if (error instanceof SearchUnavailable) throw new DomainError('Unavailable', 'Search is not answering right now. Please try again in a moment.');
    throw error;
  }
}

/** POST /search/{index}/_search */
export const raw = searchRoute({ params: pathParameters('index'), body: z.unknown() }, async (request) => {
  const { index } = request.params;
  const country = request.header('x-country');
  const parsedCountry = country === undefined ? undefined : countryCodeSchema.safeParse(country.toLowerCase());
  if (parsedCountry && !parsedCountry.success) throw invalid([{ field: 'header.x-country', message: 'Use nz or au.' }]);
  const host = request.header('x-host');
  if (host !== undefined && !HOST.test(host)) throw invalid([{ field: 'header.x-host', message: 'Use the site’s host name.' }]);
  const now = deps().clock.now();
  const body = confinedSearchBody(request.body, { ...(parsedCountry?.data ? { country: parsedCountry.data } : {}), now });
  const answer = await refusedAsInvalid(() => deps().engine.search([index], body));
  request.log.info('search', { index, host, hits: answer.hits.total.value });
  return ok({ took: answer.took, hits: answer.hits, ...(answer.aggregations ? { aggregations: answer.aggregations } : {}) });
});

/** GET /search */
export const site = searchRoute({ query: siteSearchQuerySchema }, async ({ query }) => {
  const search = siteSearchRequest(query, deps().clock.now());
  const answer = await refusedAsInvalid(() => deps().engine.search(search.indexes, search.body));
  const buckets = (answer.aggregations?.types as { buckets?: { key: string; doc_count: number }[] } | undefined)?.buckets;
  const result: SiteSearchResult = {
    total: answer.hits.total.value,
    items: answer.hits.hits.map((hit) => hit._source as SiteSearchResult['items'][number]),
    ...(buckets ? { types: Object.fromEntries(buckets.map((bucket) => [bucket.key, bucket.doc_count])) } : {}),
  };
  return ok(result);
});
