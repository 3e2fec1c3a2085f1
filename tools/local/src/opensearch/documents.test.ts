import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, stand, type Stand } from './contract.testing';
import type { JsonObject } from './json';

/**
 * Contract tests of the document APIs (index, create, get, delete, update, bulk) with OpenSearch's versioning,
 * driven over HTTP through the real @opensearch-project/opensearch client.
 */

let os: Stand;
beforeAll(async () => {
  os = await stand();
  await os.client.indices.create({
    index: 'docs',
    body: { settings: { number_of_replicas: 0 }, mappings: { properties: { title: { type: 'text' }, count: { type: 'integer' }, tags: { type: 'keyword' } } } },
  });
});
afterAll(async () => {
  await os.stop();
});

describe('index, get and delete', () => {
  it('creates (201) then updates (200) a document, counting versions and sequence numbers', async () => {
    const created = await os.client.index({ index: 'docs', id: 'a', body: { title: 'First', count: 1 }, refresh: true });
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({ _index: 'docs', _id: 'a', _version: 1, result: 'created', _primary_term: 1, _shards: { total: 1, successful: 1, failed: 0 } });
    const updated = await os.client.index({ index: 'docs', id: 'a', body: { title: 'Second', count: 2 } });
    expect(updated.statusCode).toBe(200);
    expect(updated.body).toMatchObject({ _version: 2, result: 'updated' });
    expect(updated.body._seq_no).toBe(created.body._seq_no + 1);

    const got = await os.client.get({ index: 'docs', id: 'a' });
    expect(got.body).toEqual({ _index: 'docs', _id: 'a', _version: 2, _seq_no: updated.body._seq_no, _primary_term: 1, found: true, _source: { title: 'Second', count: 2 } });
    expect((await os.client.exists({ index: 'docs', id: 'a' })).body).toBe(true);
    const filtered = await os.client.get({ index: 'docs', id: 'a', _source_includes: 'title' });
    expect(filtered.body._source).toEqual({ title: 'Second' });
  });

  it('answers a missing document with 404 {found: false}', async () => {
    const missing = await failure(os.client.get({ index: 'docs', id: 'nobody' }));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ _index: 'docs', _id: 'nobody', found: false });
    expect((await os.client.exists({ index: 'docs', id: 'nobody' })).body).toBe(false);
  });

  it('generates an id for POST /{index}/_doc', async () => {
    const { body, statusCode } = await os.client.index({ index: 'docs', body: { title: 'No id' } });
    expect(statusCode).toBe(201);
    expect(body._id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect((await os.client.get({ index: 'docs', id: body._id })).body._source).toEqual({ title: 'No id' });
  });

  it('refuses _create of an existing id with 409 version_conflict_engine_exception', async () => {
    await os.client.create({ index: 'docs', id: 'c', body: { title: 'Once' } });
    const again = await failure(os.client.create({ index: 'docs', id: 'c', body: { title: 'Twice' } }));
    expect(again).toMatchObject({ status: 409, type: 'version_conflict_engine_exception', reason: '[c]: version conflict, document already exists (current version [1])' });
    const opType = await failure(os.client.index({ index: 'docs', id: 'c', op_type: 'create', body: { title: 'Thrice' } }));
    expect(opType.status).toBe(409);
  });

  it('deletes (200 deleted) and answers a second delete with 404 not_found', async () => {
    await os.client.index({ index: 'docs', id: 'd', body: { title: 'Doomed' } });
    const deleted = await os.client.delete({ index: 'docs', id: 'd' });
    expect(deleted.body).toMatchObject({ _id: 'd', _version: 2, result: 'deleted' });
    const again = await failure(os.client.delete({ index: 'docs', id: 'd' }));
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ _id: 'd', result: 'not_found' });
    expect(await failure(os.client.get({ index: 'docs', id: 'd' }))).toMatchObject({ status: 404 });
  });

  it('accepts refresh true, false and wait_for, and refuses anything else', async () => {
    for (const refresh of ['true', 'false', 'wait_for'] as const) {
      expect((await os.client.index({ index: 'docs', id: `r-${refresh}`, body: { title: refresh }, refresh })).statusCode).toBe(201);
    }
    const forced = await os.client.index({ index: 'docs', id: 'r-forced', body: {}, refresh: true });
    expect(forced.body.forced_refresh).toBe(true);
    const bad = await failure(os.request('PUT', '/docs/_doc/r-bad', { title: 'x' }, { refresh: 'sometimes' }));
    expect(bad).toMatchObject({ status: 400, type: 'illegal_argument_exception' });
  });

  it('creates a missing index when a document is written to it', async () => {
    const { body } = await os.client.index({ index: 'auto-made', id: '1', body: { a: 'b' } });
    expect(body.result).toBe('created');
    expect((await os.client.indices.exists({ index: 'auto-made' })).body).toBe(true);
  });

  it('refuses a value the mapping cannot take (400 mapper_parsing_exception) and strict mappings\' new fields', async () => {
    const bad = await failure(os.client.index({ index: 'docs', id: 'bad', body: { count: 'many' } }));
    expect(bad).toMatchObject({ status: 400, type: 'mapper_parsing_exception' });
    expect(bad.reason).toContain('failed to parse field [count] of type [integer]');
    expect(await failure(os.client.get({ index: 'docs', id: 'bad' }))).toMatchObject({ status: 404 });

    await os.client.indices.create({ index: 'strict', body: { mappings: { dynamic: 'strict', properties: { a: { type: 'keyword' } } } } });
    const strict = await failure(os.client.index({ index: 'strict', id: '1', body: { a: 'x', b: 'y' } }));
    expect(strict).toMatchObject({ status: 400, type: 'strict_dynamic_mapping_exception' });
  });
});

describe('versioning', () => {
  it('writes with version_type=external only when the version is greater than the stored one', async () => {
    const first = await os.client.index({ index: 'docs', id: 'ext', version: 5, version_type: 'external', body: { title: 'v5' } });
    expect(first.body).toMatchObject({ _version: 5, result: 'created' });
    const older = await failure(os.client.index({ index: 'docs', id: 'ext', version: 3, version_type: 'external', body: { title: 'v3' } }));
    expect(older).toMatchObject({ status: 409, type: 'version_conflict_engine_exception', reason: '[ext]: version conflict, current version [5] is higher or equal to the one provided [3]' });
    const same = await failure(os.client.index({ index: 'docs', id: 'ext', version: 5, version_type: 'external', body: { title: 'v5 again' } }));
    expect(same.status).toBe(409);
    const newer = await os.client.index({ index: 'docs', id: 'ext', version: 9, version_type: 'external', body: { title: 'v9' } });
    expect(newer.body).toMatchObject({ _version: 9, result: 'updated' });
    expect((await os.client.get({ index: 'docs', id: 'ext' })).body._source).toEqual({ title: 'v9' });
  });

  it('writes with external_gte when the version is greater or equal', async () => {
    await os.client.index({ index: 'docs', id: 'gte', version: 4, version_type: 'external_gte', body: { title: 'v4' } });
    const equal = await os.client.index({ index: 'docs', id: 'gte', version: 4, version_type: 'external_gte', body: { title: 'v4 again' } });
    expect(equal.body._version).toBe(4);
    const lower = await failure(os.client.index({ index: 'docs', id: 'gte', version: 3, version_type: 'external_gte', body: { title: 'v3' } }));
    expect(lower).toMatchObject({ status: 409, reason: '[gte]: version conflict, current version [4] is higher than the one provided [3]' });
  });

  it('keeps a deleted id\'s version so an older write cannot bring it back', async () => {
    await os.client.index({ index: 'docs', id: 'tomb', version: 10, version_type: 'external', body: { title: 'alive' } });
    const deleted = await os.client.delete({ index: 'docs', id: 'tomb', version: 12, version_type: 'external' });
    expect(deleted.body).toMatchObject({ _version: 12, result: 'deleted' });
    const resurrect = await failure(os.client.index({ index: 'docs', id: 'tomb', version: 11, version_type: 'external', body: { title: 'stale' } }));
    expect(resurrect).toMatchObject({ status: 409, type: 'version_conflict_engine_exception' });
    expect(await failure(os.client.get({ index: 'docs', id: 'tomb' }))).toMatchObject({ status: 404 });
    const later = await os.client.index({ index: 'docs', id: 'tomb', version: 13, version_type: 'external', body: { title: 'again' } });
    expect(later.body).toMatchObject({ _version: 13, result: 'created' });
  });

  it('refuses a version with internal versioning (400 action_request_validation_exception)', async () => {
    const internal = await failure(os.client.index({ index: 'docs', id: 'int', version: 2, body: { title: 'x' } }));
    expect(internal.status).toBe(400);
    expect(internal.type).toBe('action_request_validation_exception');
    expect(internal.reason).toContain('internal versioning can not be used for optimistic concurrency control');
  });

  it('writes with if_seq_no and if_primary_term only when they are the current ones', async () => {
    const first = await os.client.index({ index: 'docs', id: 'cas', body: { title: 'one' } });
    const ok = await os.client.index({ index: 'docs', id: 'cas', if_seq_no: first.body._seq_no, if_primary_term: first.body._primary_term, body: { title: 'two' } });
    expect(ok.body._version).toBe(2);
    const stale = await failure(os.client.index({ index: 'docs', id: 'cas', if_seq_no: first.body._seq_no, if_primary_term: 1, body: { title: 'three' } }));
    expect(stale).toMatchObject({ status: 409, type: 'version_conflict_engine_exception' });
    expect(stale.reason).toContain(`required seqNo [${first.body._seq_no}], primary term [1]. current document has seqNo [${ok.body._seq_no}]`);
  });
});

describe('update', () => {
  it('merges `doc` into the stored source, answers noop when nothing changes, and upserts with doc_as_upsert', async () => {
    await os.client.index({ index: 'docs', id: 'u', body: { title: 'Kept', count: 1, nested: { a: 1, b: 2 } } });
    const merged = await os.client.update({ index: 'docs', id: 'u', body: { doc: { count: 2, nested: { b: 3 } } } });
    expect(merged.body).toMatchObject({ result: 'updated', _version: 2 });
    expect((await os.client.get({ index: 'docs', id: 'u' })).body._source).toEqual({ title: 'Kept', count: 2, nested: { a: 1, b: 3 } });
    const noop = await os.client.update({ index: 'docs', id: 'u', body: { doc: { count: 2 } } });
    expect(noop.body).toMatchObject({ result: 'noop', _version: 2 });
    const upserted = await os.client.update({ index: 'docs', id: 'new-u', body: { doc: { title: 'Made' }, doc_as_upsert: true } });
    expect(upserted.body).toMatchObject({ result: 'created', _version: 1 });
    const missing = await failure(os.client.update({ index: 'docs', id: 'no-such', body: { doc: { title: 'x' } } }));
    expect(missing).toMatchObject({ status: 404, type: 'document_missing_exception' });
  });
});

describe('bulk', () => {
  it('runs index, create, update and delete items; a failing item fails alone', async () => {
    await os.client.index({ index: 'docs', id: 'b-existing', body: { title: 'there' } });
    const { body } = await os.client.bulk({
      refresh: true,
      body: [
        { index: { _index: 'docs', _id: 'b1' } },
        { title: 'one', count: 1 },
        { create: { _index: 'docs', _id: 'b-existing' } },
        { title: 'clash' },
        { index: { _index: 'docs', _id: 'b2' } },
        { count: 'not a number' },
        { update: { _index: 'docs', _id: 'b1' } },
        { doc: { count: 5 } },
        { update: { _index: 'docs', _id: 'b3' } },
        { doc: { title: 'upserted' }, doc_as_upsert: true },
        { delete: { _index: 'docs', _id: 'b-existing' } },
        { index: { _index: 'docs', _id: 'b4', version: 7, version_type: 'external' } },
        { title: 'external' },
      ],
    });
    expect(body.errors).toBe(true);
    const items = body.items as unknown as Record<string, JsonObject>[];
    expect(items.map((item) => Object.keys(item)[0])).toEqual(['index', 'create', 'index', 'update', 'update', 'delete', 'index']);
    const results = items.map((item) => Object.values(item)[0]!);
    expect(results.map((r) => r.status)).toEqual([201, 409, 400, 200, 201, 200, 201]);
    expect(results[1]).toMatchObject({ _index: 'docs', _id: 'b-existing', error: { type: 'version_conflict_engine_exception' } });
    expect(results[2]).toMatchObject({ _id: 'b2', error: { type: 'mapper_parsing_exception' } });
    expect(results[0]).toMatchObject({ result: 'created', _version: 1 });
    expect(results[6]).toMatchObject({ _version: 7 });
    expect((await os.client.get({ index: 'docs', id: 'b1' })).body._source).toEqual({ title: 'one', count: 5 });
    expect(await failure(os.client.get({ index: 'docs', id: 'b-existing' }))).toMatchObject({ status: 404 });
  });

  it('takes the index from the path (POST /{index}/_bulk) and answers errors: false when all succeed', async () => {
    const { body } = await os.client.bulk({ index: 'docs', body: [{ index: { _id: 'p1' } }, { title: 'path' }, { delete: { _id: 'p1' } }] });
    expect(body.errors).toBe(false);
    expect(body.items).toHaveLength(2);
  });

  it('refuses malformed NDJSON and unknown actions as a whole (400), never a crash', async () => {
    const send = (text: string) => fetch(`${os.server.url}/_bulk`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: text });
    const broken = await send('{"index":{"_index":"docs","_id":"z"}}\n{"title": \n');
    expect(broken.status).toBe(400);
    const unknown = await send('{"upsert":{"_index":"docs","_id":"z"}}\n{}\n');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { reason: string } }).error.reason).toContain('expected one of [create, delete, index, update] but found [upsert]');
    const unterminated = await send('{"delete":{"_index":"docs","_id":"z"}}');
    expect(unterminated.status).toBe(400);
    expect(await failure(os.client.get({ index: 'docs', id: 'z' }))).toMatchObject({ status: 404 });
  });
});
