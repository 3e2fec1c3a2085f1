import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, ids, stand, type SearchAnswer, type Stand } from './contract.testing';
import type { JsonObject } from './json';

/**
 * Contract tests of the stand-in's cluster, index, mapping, template and alias APIs, driven over HTTP through the
 * real @opensearch-project/opensearch client; each expectation is what OpenSearch's documentation says it answers.
 */

let os: Stand;
beforeAll(async () => {
  os = await stand();
});
afterAll(async () => {
  await os.stop();
});

const settingsOf = (body: JsonObject, index: string) => ((body[index] as JsonObject).settings as JsonObject).index as JsonObject;

describe('cluster', () => {
  it('answers GET / with OpenSearch 2.x cluster info and HEAD / (ping)', async () => {
    const { body } = await os.client.info();
    expect(body.version.distribution).toBe('opensearch');
    expect(body.version.number).toMatch(/^2\.\d+\.\d+$/);
    expect(body.tagline).toContain('OpenSearch');
    expect((await os.client.ping()).body).toBe(true);
  });

  it('answers cluster health', async () => {
    const { body } = await os.client.cluster.health();
    expect(['green', 'yellow']).toContain(body.status);
    expect(body.number_of_nodes).toBe(1);
  });
});

describe('indexes', () => {
  it('creates an index with settings, mappings and aliases, and reads them back', async () => {
    const created = await os.client.indices.create({
      index: 'books-v1',
      body: { settings: { number_of_shards: 1, number_of_replicas: 0 }, mappings: { properties: { title: { type: 'text' }, pages: { type: 'integer' } } }, aliases: { books: {} } },
    });
    expect(created.body).toEqual({ acknowledged: true, shards_acknowledged: true, index: 'books-v1' });
    expect((await os.client.indices.exists({ index: 'books-v1' })).body).toBe(true);
    const { body } = await os.client.indices.get({ index: 'books-v1' });
    const index = body['books-v1']!;
    expect(index.aliases).toEqual({ books: {} });
    expect(index.mappings).toEqual({ properties: { title: { type: 'text' }, pages: { type: 'integer' } } });
    expect(settingsOf(body as JsonObject, 'books-v1')).toMatchObject({ number_of_shards: '1', number_of_replicas: '0', provided_name: 'books-v1' });
  });

  it('refuses an index that exists (400 resource_already_exists_exception) and invalid names (400 invalid_index_name_exception)', async () => {
    await os.client.indices.create({ index: 'dup' });
    const again = await failure(os.client.indices.create({ index: 'dup' }));
    expect(again).toMatchObject({ status: 400, type: 'resource_already_exists_exception' });
    expect(again.reason).toMatch(/^index \[dup\/.+\] already exists$/);
    expect(await failure(os.client.indices.create({ index: 'Upper' }))).toMatchObject({ status: 400, type: 'invalid_index_name_exception' });
    expect(await failure(os.client.indices.create({ index: '_under' }))).toMatchObject({ status: 400, type: 'invalid_index_name_exception' });
  });

  it('answers 404 index_not_found_exception for a missing index, and HEAD says false', async () => {
    const missing = await failure(os.client.indices.get({ index: 'nothing-here' }));
    expect(missing).toMatchObject({ status: 404, type: 'index_not_found_exception', reason: 'no such index [nothing-here]' });
    expect(missing.rootCause[0]).toMatchObject({ type: 'index_not_found_exception' });
    expect((await os.client.indices.exists({ index: 'nothing-here' })).body).toBe(false);
  });

  it('refuses unknown mapping types, unknown mapping parameters and unknown settings', async () => {
    const type = await failure(os.request('PUT', '/bad1', { mappings: { properties: { x: { type: 'tachyon' } } } }));
    expect(type).toMatchObject({ status: 400, type: 'mapper_parsing_exception', reason: 'No handler for type [tachyon] declared on field [x]' });
    const param = await failure(os.request('PUT', '/bad2', { mappings: { properties: { x: { type: 'keyword', wobble: true } } } }));
    expect(param).toMatchObject({ status: 400, type: 'mapper_parsing_exception', reason: 'unknown parameter [wobble] on mapper [x] of type [keyword]' });
    const setting = await failure(os.client.indices.create({ index: 'bad3', body: { settings: { 'index.wobble': 1 } } }));
    expect(setting).toMatchObject({ status: 400, type: 'illegal_argument_exception' });
    expect(setting.reason).toContain('unknown setting [index.wobble]');
    expect((await os.client.indices.exists({ index: 'bad1,bad2,bad3', ignore_unavailable: true })).body).toBe(false);
  });

  it('deletes indexes one at a time, as a comma list and by wildcard; never through an alias', async () => {
    for (const index of ['del-a', 'del-b', 'del-c', 'del-d']) await os.client.indices.create({ index });
    await os.client.indices.putAlias({ index: 'del-d', name: 'del-alias' });
    expect((await os.client.indices.delete({ index: 'del-a' })).body).toEqual({ acknowledged: true });
    await os.client.indices.delete({ index: 'del-b,del-c' });
    const viaAlias = await failure(os.client.indices.delete({ index: 'del-alias' }));
    expect(viaAlias).toMatchObject({ status: 400, type: 'illegal_argument_exception' });
    await os.client.indices.delete({ index: 'del-*' });
    expect((await os.client.indices.exists({ index: 'del-a' })).body).toBe(false);
    expect((await os.client.indices.exists({ index: 'del-d' })).body).toBe(false);
    expect(await failure(os.client.indices.delete({ index: 'del-a' }))).toMatchObject({ status: 404, type: 'index_not_found_exception' });
  });

  it('maps unmapped fields dynamically as OpenSearch does', async () => {
    await os.client.index({
      index: 'dynamic',
      id: '1',
      body: { name: 'Kiwi Coast', count: 3, ratio: 0.5, active: true, when: '2026-11-26T05:00:00Z', day: '2026-11-26', place: { suburb: 'Ngunguru' }, tags: ['a', 'b'] },
      refresh: true,
    });
    const { body } = await os.client.indices.getMapping({ index: 'dynamic' });
    expect(body.dynamic!.mappings.properties).toEqual({
      name: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
      count: { type: 'long' },
      ratio: { type: 'float' },
      active: { type: 'boolean' },
      when: { type: 'date' },
      day: { type: 'date' },
      place: { properties: { suburb: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } } } },
      tags: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
    });
  });

  it('honours copy_to, the lowercase normalizer, ignore_above, null_value, scaled_float and coercion', async () => {
    await os.client.indices.create({
      index: 'params',
      body: {
        mappings: {
          properties: {
            name: { type: 'text', copy_to: 'all' },
            place: { type: 'text', copy_to: 'all' },
            all: { type: 'text' },
            code: { type: 'keyword', normalizer: 'lowercase' },
            short: { type: 'keyword', ignore_above: 5 },
            status: { type: 'keyword', null_value: 'NONE' },
            price: { type: 'scaled_float', scaling_factor: 100 },
            count: { type: 'integer' },
          },
        },
      },
    });
    await os.client.index({ index: 'params', id: '1', body: { name: 'Kiwi Coast', place: 'Ngunguru', code: 'NZ-Kiwi', short: 'a long value', status: null, price: 12.345, count: '7' }, refresh: true });
    const hits = async (query: JsonObject) => ((await os.request('POST', '/params/_search', { query })).body as unknown as SearchAnswer).hits.total!.value;
    expect(await hits({ match: { all: 'ngunguru kiwi' } })).toBe(1);
    expect(await hits({ term: { code: 'nz-kiwi' } })).toBe(1);
    expect(await hits({ term: { code: 'NZ-KIWI' } })).toBe(1);
    expect(await hits({ exists: { field: 'short' } })).toBe(0);
    expect(await hits({ term: { status: 'NONE' } })).toBe(1);
    expect(await hits({ term: { price: 12.35 } })).toBe(1);
    expect(await hits({ range: { count: { gte: 7, lte: 7 } } })).toBe(1);
    const { body } = await os.client.get({ index: 'params', id: '1' });
    expect(body._source).toEqual({ name: 'Kiwi Coast', place: 'Ngunguru', code: 'NZ-Kiwi', short: 'a long value', status: null, price: 12.345, count: '7' });
  });

  it('adds fields with PUT _mapping and refuses a change of type', async () => {
    await os.client.indices.create({ index: 'mapped', body: { mappings: { properties: { a: { type: 'keyword' } } } } });
    expect((await os.client.indices.putMapping({ index: 'mapped', body: { properties: { b: { type: 'long' } } } })).body).toEqual({ acknowledged: true });
    const { body } = await os.client.indices.getMapping({ index: 'mapped' });
    expect(body.mapped!.mappings.properties).toEqual({ a: { type: 'keyword' }, b: { type: 'long' } });
    const change = await failure(os.client.indices.putMapping({ index: 'mapped', body: { properties: { a: { type: 'long' } } } }));
    expect(change).toMatchObject({ status: 400, type: 'illegal_argument_exception', reason: 'mapper [a] cannot be changed from type [keyword] to [long]' });
  });

  it('changes dynamic settings and refuses static ones on an open index', async () => {
    await os.client.indices.create({ index: 'tuned' });
    await os.client.indices.putSettings({ index: 'tuned', body: { index: { refresh_interval: '-1', number_of_replicas: 0 } } });
    const { body } = await os.client.indices.getSettings({ index: 'tuned' });
    expect(settingsOf(body as JsonObject, 'tuned')).toMatchObject({ refresh_interval: '-1', number_of_replicas: '0' });
    const shards = await failure(os.client.indices.putSettings({ index: 'tuned', body: { index: { number_of_shards: 2 } } }));
    expect(shards).toMatchObject({ status: 400, type: 'illegal_argument_exception' });
  });

  it('refreshes (everything is searchable at once) and lists indexes with _cat/indices?format=json', async () => {
    await os.client.indices.create({ index: 'catme', body: { settings: { number_of_replicas: 0 } } });
    await os.client.index({ index: 'catme', id: '1', body: { a: 1 } });
    const refreshed = await os.client.indices.refresh({ index: 'catme' });
    expect(refreshed.body._shards).toMatchObject({ successful: 1, failed: 0 });
    const { body } = await os.client.cat.indices({ index: 'catme', format: 'json' });
    expect(body).toEqual([expect.objectContaining({ health: 'green', status: 'open', index: 'catme', pri: '1', rep: '0', 'docs.count': '1' })]);
  });
});

describe('index templates', () => {
  it('applies the matching template with the highest priority to a new index, and lets the request add to it', async () => {
    await os.client.indices.putIndexTemplate({
      name: 'gifts',
      body: {
        index_patterns: ['gifts-*'],
        priority: 10,
        template: { settings: { number_of_replicas: 0 }, mappings: { properties: { title: { type: 'text' }, price: { type: 'integer' } } }, aliases: { 'all-gifts': {} } },
      },
    });
    await os.client.indices.putIndexTemplate({ name: 'catch-all', body: { index_patterns: ['gifts-*', 'other-*'], priority: 1, template: { mappings: { properties: { title: { type: 'keyword' } } } } } });
    await os.client.indices.create({ index: 'gifts-1', body: { mappings: { properties: { extra: { type: 'boolean' } } } } });
    const { body } = await os.client.indices.get({ index: 'gifts-1' });
    expect(body['gifts-1']!.mappings!.properties).toEqual({ title: { type: 'text' }, price: { type: 'integer' }, extra: { type: 'boolean' } });
    expect(body['gifts-1']!.aliases).toEqual({ 'all-gifts': {} });

    // A write to a missing index creates it, with the template.
    await os.client.index({ index: 'gifts-2', id: 'x', body: { title: 'Feed a kiwi', price: '25' } });
    const mapping = await os.client.indices.getMapping({ index: 'gifts-2' });
    expect(mapping.body['gifts-2']!.mappings.properties!.price).toEqual({ type: 'integer' });

    const got = await os.client.indices.getIndexTemplate({ name: 'gifts' });
    expect(got.body.index_templates[0]).toMatchObject({ name: 'gifts', index_template: { index_patterns: ['gifts-*'], priority: 10, composed_of: [] } });
    expect((await os.client.indices.existsIndexTemplate({ name: 'gifts' })).body).toBe(true);
    expect((await os.client.indices.deleteIndexTemplate({ name: 'gifts' })).body).toEqual({ acknowledged: true });
    expect(await failure(os.client.indices.getIndexTemplate({ name: 'gifts' }))).toMatchObject({ status: 404, type: 'resource_not_found_exception' });
  });

  it('refuses two templates of the same priority matching the same indexes', async () => {
    await os.client.indices.putIndexTemplate({ name: 'p1', body: { index_patterns: ['same-*'], priority: 5 } });
    const clash = await failure(os.client.indices.putIndexTemplate({ name: 'p2', body: { index_patterns: ['same-*'], priority: 5 } }));
    expect(clash).toMatchObject({ status: 400, type: 'illegal_argument_exception' });
  });
});

describe('aliases', () => {
  beforeAll(async () => {
    for (const [index, title] of [
      ['charities-v1', 'Old copy'],
      ['charities-v2', 'New copy'],
    ]) {
      await os.client.indices.create({ index: index! });
      await os.client.index({ index: index!, id: '1', body: { title }, refresh: true });
    }
    await os.client.indices.putAlias({ index: 'charities-v1', name: 'charities' });
  });

  const titles = async (index: string) => {
    const { body } = await os.client.search({ index, body: { query: { match_all: {} } } });
    return (body as unknown as SearchAnswer).hits.hits.map((h) => h._source!.title);
  };

  it('switches an alias from one index to another in one atomic request, with no gap', async () => {
    expect(await titles('charities')).toEqual(['Old copy']);
    const switched = await os.client.indices.updateAliases({
      body: { actions: [{ remove: { index: 'charities-v1', alias: 'charities' } }, { add: { index: 'charities-v2', alias: 'charities' } }] },
    });
    expect(switched.body).toEqual({ acknowledged: true });
    expect(await titles('charities')).toEqual(['New copy']);
    expect((await os.client.indices.getAlias({ name: 'charities' })).body).toEqual({ 'charities-v2': { aliases: { charities: {} } } });
  });

  it('applies no action of a request when one of them fails', async () => {
    const failed = await failure(
      os.client.indices.updateAliases({ body: { actions: [{ add: { index: 'charities-v1', alias: 'half' } }, { add: { index: 'missing-index', alias: 'half' } }] } }),
    );
    expect(failed).toMatchObject({ status: 404, type: 'index_not_found_exception' });
    expect((await os.client.indices.existsAlias({ name: 'half' })).body).toBe(false);
    const removeMissing = await failure(os.client.indices.updateAliases({ body: { actions: [{ remove: { index: 'charities-v1', alias: 'never-there' } }] } }));
    expect(removeMissing).toMatchObject({ status: 404, type: 'aliases_not_found_exception' });
    const mustExist = await failure(
      os.client.indices.updateAliases({ body: { actions: [{ remove: { index: 'charities-v1', alias: 'never-there', must_exist: true } }, { add: { index: 'charities-v1', alias: 'other' } }] } }),
    );
    expect(mustExist).toMatchObject({ status: 404, type: 'aliases_not_found_exception' });
  });

  it('lets a re-index remove an alias from every old index (where it may not be) and add it to the new one', async () => {
    await os.client.indices.create({ index: 'pages-v1' });
    await os.client.indices.create({ index: 'pages-v2' });
    // First deployment: no alias anywhere yet.
    await os.client.indices.updateAliases({ body: { actions: [{ remove: { index: 'pages-*', alias: 'pages' } }, { add: { index: 'pages-v1', alias: 'pages' } }] } });
    await os.client.indices.updateAliases({ body: { actions: [{ remove: { index: 'pages-*', alias: 'pages' } }, { add: { index: 'pages-v2', alias: 'pages' } }] } });
    expect((await os.client.indices.getAlias({ name: 'pages' })).body).toEqual({ 'pages-v2': { aliases: { pages: {} } } });
    await os.client.indices.updateAliases({ body: { actions: [{ add: { index: 'pages-v1', alias: 'pages' } }, { remove_index: { index: 'pages-v2' } }] } });
    expect((await os.client.indices.getAlias({ name: 'pages' })).body).toEqual({ 'pages-v1': { aliases: { pages: {} } } });
    expect((await os.client.indices.exists({ index: 'pages-v2' })).body).toBe(false);
  });

  it('reads aliases by name and by index, and answers a missing alias as OpenSearch does', async () => {
    await os.client.indices.putAlias({ index: 'charities-v1', name: 'legacy' });
    expect((await os.client.indices.getAlias({ index: 'charities-v1' })).body).toEqual({ 'charities-v1': { aliases: { legacy: {} } } });
    expect((await os.client.indices.existsAlias({ name: 'legacy' })).body).toBe(true);
    const missing = await failure(os.client.indices.getAlias({ name: 'nope-alias' }));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'alias [nope-alias] missing', status: 404 });
  });

  it('writes through an alias to its only index or its write index, and refuses an alias of several without one', async () => {
    await os.client.indices.create({ index: 'w1' });
    await os.client.indices.create({ index: 'w2' });
    await os.client.indices.updateAliases({ body: { actions: [{ add: { index: 'w1', alias: 'writes' } }, { add: { index: 'w2', alias: 'writes' } }] } });
    const refused = await failure(os.client.index({ index: 'writes', id: '1', body: { a: 1 } }));
    expect(refused).toMatchObject({ status: 400, type: 'illegal_argument_exception' });
    expect(refused.reason).toContain('no write index is defined for alias [writes]');
    await os.client.indices.updateAliases({ body: { actions: [{ add: { index: 'w2', alias: 'writes', is_write_index: true } }] } });
    const written = await os.client.index({ index: 'writes', id: '1', body: { a: 1 } });
    expect(written.body._index).toBe('w2');
    const got = await os.client.indices.getAlias({ name: 'writes' });
    expect(got.body).toEqual({ w1: { aliases: { writes: {} } }, w2: { aliases: { writes: { is_write_index: true } } } });
  });

  it('searches through comma lists, wildcards and aliases alike', async () => {
    const both = await os.client.search({ index: 'charities-v1,charities-v2', body: {} });
    expect(new Set((both.body as unknown as SearchAnswer).hits.hits.map((h) => h._index))).toEqual(new Set(['charities-v1', 'charities-v2']));
    const wildcard = await os.client.search({ index: 'charit*', body: {} });
    expect((wildcard.body as unknown as SearchAnswer).hits.total!.value).toBe(2);
    expect(ids((await os.client.search({ index: 'legacy', body: {} })).body as unknown as SearchAnswer)).toEqual(['1']);
  });
});

describe('HTTP', () => {
  it('answers an unknown route with 400 "no handler" and a wrong method with 405', async () => {
    const unknown = await failure(os.request('GET', '/_nodes/hot_threads/extra'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('no handler found for uri');
    const method = await failure(os.request('PATCH', '/books-v1'));
    expect(method.status).toBe(405);
    expect(method.body.error).toContain('Incorrect HTTP method');
  });

  it('refuses an unknown URL parameter with 400 illegal_argument_exception naming it', async () => {
    const param = await failure(os.request('GET', '/books-v1/_search', undefined, { wobble: '1' }));
    expect(param).toMatchObject({ status: 400, type: 'illegal_argument_exception', reason: 'request [/books-v1/_search] contains unrecognized parameter: [wobble]' });
  });

  it('answers malformed JSON with a 400 parse error, never a crash', async () => {
    const response = await fetch(`${os.server.url}/books-v1/_search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": {' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { type: string } };
    expect(body.error.type).toBe('x_content_parse_exception');
    const noType = await fetch(`${os.server.url}/books-v1/_search`, { method: 'POST', body: '{}' , headers: { 'content-type': 'text/plain' } });
    expect(noType.status).toBe(406);
    expect((await os.client.info()).statusCode).toBe(200);
  });
});
