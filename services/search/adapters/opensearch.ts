import { Client, errors } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws-v3';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SEARCH_INDEXES, type RawSearchResult, type SearchIndexName } from '@giving/shared/contracts/search';
import { indexTemplate, versionedIndexName } from '../domain/indexes';
import { QueryRefused, SearchUnavailable, type SearchBody, type SearchEngine } from '../domain/ports';

/**
 * The search port over `@opensearch-project/opensearch`: in AWS the domain, signed with SigV4 (the function's role),
 * locally the OpenSearch-compatible stand-in of tools/local (no signing). Only this file knows the client.
 */
export interface OpenSearchSettings {
  /** https://<domain endpoint> in AWS, http://localhost:<port> locally. */
  endpoint: string;
  /** Sign requests with SigV4 for this region (AWS); absent locally. */
  signingRegion?: string;
}

export function openSearchClient(settings: OpenSearchSettings): Client {
  const node = settings.endpoint.startsWith('http') ? settings.endpoint : `https://${settings.endpoint}`;
  // The client retries 3 times by default; a Lambda behind a 29 s API has no time for that: one retry, 5 s each.
  const options = { node, maxRetries: 1, requestTimeout: 5000 };
  if (!settings.signingRegion) return new Client(options);
  return new Client({ ...options, ...AwsSigv4Signer({ region: settings.signingRegion, service: 'es', getCredentials: defaultProvider() }) });
}

const statusOf = (error: unknown) => (error instanceof errors.ResponseError ? error.meta.statusCode : undefined);
const typeOf = (error: unknown): string | undefined => {
  if (!(error instanceof errors.ResponseError)) return undefined;
  const body = error.meta.body as { error?: { type?: string } } | undefined;
  return body?.error?.type;
};
const reasonOf = (error: unknown): string => {
  const body = error instanceof errors.ResponseError ? (error.meta.body as { error?: { reason?: string; root_cause?: { reason?: string }[] } } | undefined) : undefined;
  return body?.error?.root_cause?.[0]?.reason ?? body?.error?.reason ?? 'The search engine refused the query.';
};

export function openSearchEngine(client: Client): SearchEngine {
  let ensured: Promise<void> | undefined;

  async function aliasTarget(alias: SearchIndexName): Promise<string | undefined> {
    try {
      const response = await client.indices.getAlias({ name: alias });
      return Object.keys(response.body as Record<string, unknown>)[0];
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async function ensureOnce(): Promise<void> {
    for (const alias of SEARCH_INDEXES) {
      await client.indices.putIndexTemplate({ name: alias, body: indexTemplate(alias) as never });
      if (await aliasTarget(alias)) continue;
      const first = versionedIndexName(alias, 'initial');
      try {
        await client.indices.create({ index: first, body: { aliases: { [alias]: {} } } });
      } catch (error) {
        // Another function created it at the same moment: fine.
        if (typeOf(error) !== 'resource_already_exists_exception') throw error;
      }
    }
  }

  return {
    ensureIndexes() {
      ensured ??= ensureOnce().catch((error: unknown) => {
        ensured = undefined;
        throw error;
      });
      return ensured;
    },
    aliasTarget,
    async put(index, id, item, version) {
      try {
        await client.index({ index, id, body: item as never, version, version_type: 'external' });
        return 'written';
      } catch (error) {
        if (statusOf(error) === 409) return 'stale';
        throw error;
      }
    },
    async remove(index, id, version) {
      try {
        await client.delete({ index, id, version, version_type: 'external' });
        return 'removed';
      } catch (error) {
        if (statusOf(error) === 409) return 'stale';
        if (statusOf(error) === 404) return 'absent';
        throw error;
      }
    },
    async bulkPut(index, documents) {
      if (documents.length === 0) return { written: 0, failed: 0 };
      const body = documents.flatMap((document) => [{ index: { _index: index, _id: document.id, version: document.version, version_type: 'external' } }, document.item]);
      const response = await client.bulk({ body: body as never });
      const items = (response.body as { items: { index?: { status: number } }[] }).items;
      // 409: the new index already holds a newer state (a live change written there while the rebuild ran).
      const failed = items.filter((item) => (item.index?.status ?? 500) >= 300 && item.index?.status !== 409).length;
      return { written: items.length - failed, failed };
    },
    async search(indexes, body: SearchBody): Promise<RawSearchResult> {
      try {
        const response = await client.search({ index: indexes.join(','), body: body as never });
        return response.body as unknown as RawSearchResult;
      } catch (error) {
        const status = statusOf(error);
        if (status === 400) throw new QueryRefused(reasonOf(error));
        if (error instanceof errors.ConnectionError || error instanceof errors.TimeoutError || error instanceof errors.NoLivingConnectionsError || (status ?? 0) >= 500) {
          throw new SearchUnavailable(error instanceof Error ? error.message : 'no answer');
        }
        throw error;
      }
    },
    async createIndex(alias, version) {
      const index = versionedIndexName(alias, version);
      await client.indices.create({ index });
      return index;
    },
    async switchAlias(alias, from, to) {
      const actions = [...(from && from !== to ? [{ remove: { index: from, alias } }] : []), { add: { index: to, alias } }];
      await client.indices.updateAliases({ body: { actions } as never });
    },
    async deleteIndex(index) {
      try {
        await client.indices.delete({ index });
      } catch (error) {
        if (statusOf(error) !== 404) throw error;
      }
    },
    async count(index) {
      const response = await client.count({ index });
      return (response.body as { count: number }).count;
    },
  };
}
