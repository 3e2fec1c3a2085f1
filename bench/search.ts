import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { INDEX_OF_TYPE, SEARCH_INDEXES, type SearchItem, type SiteSearchQuery } from '@giving/shared/contracts/search';
import { tableName } from '@giving/shared/manifest';
import { dynamoClient } from '../tools/local/src/dynamodb';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../tools/local/src/seed/data';
import { padVersion } from '../services/search/domain/documents';
import { siteSearchRequest } from '../services/search/domain/queries';
import { generateCorpus, generateQueries, type BenchQuery } from './search-corpus';
import { machine } from './machine';
import { rssMiB, startPlatform } from './platform';

/**
 * Search on the local platform (issue 14 item 13): 50,000 generated documents over the five indexes, loaded into
 * search's copies and built into fresh versioned indexes by the back office's re-index (index build time and the
 * platform's memory), then 1,000 mixed queries through GET /search (end to end) and the same bodies sent straight to
 * the engine (its own time), beside a linear scan of the same documents in this process; and the indexing lag of
 * gifts created through the charity console until GET /search finds them.
 *
 * `npx tsx bench/search.ts` prints the figures; `--write` replaces its section of docs/BENCHMARKS.md.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const BENCHMARKS = path.join(ROOT, 'docs', 'BENCHMARKS.md');
export const SEARCH_SECTION_HEADING = '## Search (50,000 documents, 1,000 mixed queries)';
const PORT_BASE = Number(process.env.BENCH_SEARCH_PORT_BASE ?? 5500);
const DOCUMENTS = Number(process.env.BENCH_SEARCH_DOCUMENTS ?? 50_000);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 1_000);
const LAG_SAMPLES = 20;
const url = (offset: number) => `http://localhost:${PORT_BASE + offset}`;
const site = url(0);

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

async function tokenOf(role: DemoRole): Promise<string> {
  const config = (await (await fetch(`${site}/config.json`)).json()) as { cognito: { region: string; userPoolClientId: string; endpoint: string } };
  const cognito = new CognitoIdentityProviderClient({ endpoint: config.cognito.endpoint, region: config.cognito.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const email = DEMO_USERS.find((user) => user.role === role)?.email ?? '';
  const auth = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.cognito.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }));
  cognito.destroy();
  return auth.AuthenticationResult?.IdToken ?? '';
}

/** The documents into search's copies (as the indexer keeps them), 25 per BatchWriteItem, a few calls at a time. */
async function loadCopies(documents: readonly SearchItem[]): Promise<void> {
  const client = DynamoDBDocumentClient.from(dynamoClient(url(20)), { marshallOptions: { removeUndefinedValues: true } });
  const items = documents.map((item) => ({
    pk: `DOC#${INDEX_OF_TYPE[item.type]}`,
    sk: item.id,
    item,
    version: padVersion(1),
    seq: 1,
    ...(item.type === 'charitygift' ? { charityId: item.charity.id, gsi1pk: `GIFTS#${item.charity.id}`, gsi1sk: item.id } : {}),
  }));
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        const batch = batches[next++] as typeof items;
        let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = { [tableName('search')]: batch.map((Item) => ({ PutRequest: { Item } })) };
        while (request && Object.keys(request).length > 0) {
          const result = await client.send(new BatchWriteCommand({ RequestItems: request }));
          request = result.UnprocessedItems as typeof request;
        }
      }
    }),
  );
  client.destroy();
}

/** A plain linear scan of the same documents: every word a prefix of a title, charity or description word; filters; sort. */
function linearScan(documents: readonly { item: SearchItem; text: string[] }[]) {
  return (query: BenchQuery) => {
    const words = (query.q ?? '').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').split(/\s+/).filter(Boolean);
    const hits: { item: SearchItem; score: number }[] = [];
    for (const { item, text } of documents) {
      if (query.country && item.country !== query.country) continue;
      if (query.type && item.type !== query.type) continue;
      if (query.cause && !('causes' in item && item.causes.includes(query.cause))) continue;
      if (query.minPrice && !(item.type === 'charitygift' && item.giftprice >= Number(query.minPrice) && item.giftprice <= Number(query.maxPrice))) continue;
      let score = 0;
      for (const word of words) if (text.some((token) => token.startsWith(word))) score++;
      if (words.length > 0 && score === 0) continue;
      hits.push({ item, score });
    }
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, 24);
  };
}

export interface SearchFigures {
  documents: number;
  queries: number;
  buildSeconds: number;
  loadSeconds: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  endToEnd: { p50: number; p99: number };
  engine: { p50: number; p99: number };
  scan: { p50: number; p99: number };
  lag: { p50: number; p95: number; max: number };
}

export async function measureSearch(): Promise<SearchFigures> {
  const platform = await startPlatform(PORT_BASE, '.local/bench-search');
  try {
    const corpus = generateCorpus(DOCUMENTS);
    const queries = generateQueries(corpus, QUERIES);
    const backOffice = await tokenOf('backOffice');
    const rssBeforeMiB = rssMiB(platform.pid);

    let started = performance.now();
    await loadCopies(corpus.documents);
    const loadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    for (const index of SEARCH_INDEXES) {
      const response = await fetch(`${site}/api/search/backOffice/indexes/${index}/rebuild`, { method: 'POST', headers: { authorization: `Bearer ${backOffice}` } });
      if (!response.ok) throw new Error(`re-indexing ${index}: ${response.status} ${await response.text()}`);
    }
    const buildSeconds = (performance.now() - started) / 1000;
    const rssAfterMiB = rssMiB(platform.pid);

    const endToEnd: number[] = [];
    const engine: number[] = [];
    const now = new Date();
    for (const query of queries) {
      let at = performance.now();
      const response = await fetch(`${site}/api/search?${new URLSearchParams(query).toString()}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /search?${new URLSearchParams(query).toString()}: ${response.status}`);
      endToEnd.push(performance.now() - at);
      const { indexes, body } = siteSearchRequest(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, ['from', 'size', 'minPrice', 'maxPrice', 'lat', 'lon', 'radiusKm'].includes(key) ? Number(value) : value])) as SiteSearchQuery, now);
      at = performance.now();
      const direct = await fetch(`${url(55)}/${indexes.join(',')}/_search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await direct.arrayBuffer();
      engine.push(performance.now() - at);
    }

    const scanned = corpus.documents.map((item) => ({
      item,
      text: `${item.title} ${item.description} ${'charity' in item ? item.charity.name : ''}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/),
    }));
    const scan = linearScan(scanned);
    const scanTimes = queries.map((query) => {
      const at = performance.now();
      scan(query);
      return performance.now() - at;
    });

    // Indexing lag: a gift created through the charity console until GET /search finds it by its own word.
    const charityAdmin = await tokenOf('charityAdmin');
    const charities = (await (await fetch(`${site}/api/accounts/charities?country=nz`)).json()) as { items: { id: string; charityUrl: string }[] };
    const kiwi = charities.items.find((charity) => charity.charityUrl === 'kiwi-coast-rescue')?.id ?? '';
    const lags: number[] = [];
    for (let n = 0; n < LAG_SAMPLES; n++) {
      const word = `lagword${Date.now().toString(36)}${n}`;
      const at = performance.now();
      const created = await fetch(`${site}/api/donations/charity/${kiwi}/gifts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${charityAdmin}`, 'content-type': 'application/json', 'idempotency-key': `bench-${word}` },
        body: JSON.stringify({ title: `Bench gift ${word}`, description: 'Measured.', productUrl: `bench-${word}`, priceCents: 1000 }),
      });
      if (created.status !== 201) throw new Error(`creating a gift: ${created.status} ${await created.text()}`);
      for (;;) {
        const found = (await (await fetch(`${site}/api/search?q=${word}&type=charitygift`)).json()) as { total: number };
        if (found.total > 0) break;
        if (performance.now() - at > 30_000) throw new Error(`gift ${word} never became searchable`);
        await pause(25);
      }
      lags.push(performance.now() - at);
    }

    return {
      documents: corpus.documents.length,
      queries: queries.length,
      loadSeconds,
      buildSeconds,
      rssBeforeMiB,
      rssAfterMiB,
      endToEnd: { p50: percentile(endToEnd, 50), p99: percentile(endToEnd, 99) },
      engine: { p50: percentile(engine, 50), p99: percentile(engine, 99) },
      scan: { p50: percentile(scanTimes, 50), p99: percentile(scanTimes, 99) },
      lag: { p50: percentile(lags, 50), p95: percentile(lags, 95), max: Math.max(...lags) },
    };
  } finally {
    await platform.stop();
  }
}

export function searchSection(figures: SearchFigures): string {
  const day = new Date().toISOString().slice(0, 10);
  return `${SEARCH_SECTION_HEADING}

Measured ${day} on ${machine()} by \`npx tsx bench/search.ts --write\`: the local platform as \`npm start\` runs it,
${figures.documents.toLocaleString('en-NZ')} generated documents (charities 10%, gifts 40%, volunteering roles 20%, fundraising events 10% and pages 20%;
NZ and AU, Māori and English words) written to search's copies and built into new versioned indexes by the back office's
re-index, then ${figures.queries.toLocaleString('en-NZ')} mixed queries (two typed words; two words with a typo each; a prefix; a gift search with
cause, price range and price sort; volunteering by distance with a 50 km radius and the nearest sort; fundraising by
most raised), one at a time. "Engine" is the same OpenSearch body sent straight to the local stand-in; "end to end" is
\`GET /api/search\` through the local edge, API and handler; the linear scan runs over the same documents in the
benchmark's own process (prefix matching of the words, the same filters, top 24; no typo tolerance, no ranking).

| | p50 | p99 | goal |
|---|---|---|---|
| engine (OpenSearch stand-in) | ${ms(figures.engine.p50)} | ${ms(figures.engine.p99)} | p99 ≤ 25 ms |
| GET /search, end to end | ${ms(figures.endToEnd.p50)} | ${ms(figures.endToEnd.p99)} | |
| linear scan of the same documents | ${ms(figures.scan.p50)} | ${ms(figures.scan.p99)} | |

| | |
|---|---|
| writing the copies (BatchWriteItem, DynamoDB Local) | ${figures.loadSeconds.toFixed(1)} s |
| index build (five re-indexes: copies -> new versioned indexes -> alias switch) | ${figures.buildSeconds.toFixed(1)} s |
| platform process memory (RSS) before / after | ${figures.rssBeforeMiB} MiB / ${figures.rssAfterMiB} MiB |
| indexing lag, gift created -> found by GET /search (${LAG_SAMPLES} gifts) | p50 ${ms(figures.lag.p50)}, p95 ${ms(figures.lag.p95)}, max ${ms(figures.lag.max)} (goal p95 ≤ 2 s) |
`;
}

if (process.argv[1] === import.meta.filename) {
  const figures = await measureSearch();
  const section = searchSection(figures);
  console.log(section);
  if (process.argv.includes('--write')) {
    const text = readFileSync(BENCHMARKS, 'utf8');
    const start = text.indexOf(SEARCH_SECTION_HEADING);
    if (start < 0) writeFileSync(BENCHMARKS, `${text.trimEnd()}\n\n${section}`);
    else {
      const next = text.indexOf('\n## ', start + SEARCH_SECTION_HEADING.length);
      writeFileSync(BENCHMARKS, `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next)}`);
    }
  }
}
