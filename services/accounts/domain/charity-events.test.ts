import { describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { BatchEventPublisher, EventPublisher } from '@giving/shared/events';
import { CharityProfilePublished } from '@giving/shared/events/accounts';
import { publishCharityProfile, reindexCharities, UNPUBLISHED_VERSION, type PublishableProfile } from './charity-events';

const capture = () => {
  const sent: unknown[] = [];
  const log: string[] = [];
  const events: EventPublisher = {
    publish: async (definition, data) => {
      sent.push(CharityProfilePublished.schema.parse(data));
      log.push('published');
      return { metadata: { id: 'e', name: definition.name, source: definition.source, version: definition.version, occurredAt: '' }, data };
    },
  };
  const recorded: [string, string][] = [];
  const published = {
    recordPublished: async (charityId: string, version: string) => {
      recorded.push([charityId, version]);
      log.push('recorded');
    },
  };
  return { sent, events, recorded, published, log };
};

const profile = { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', country: 'nz' as const, logoImageUrl: '/media/logo.svg' };
const v = (n: number) => String(n).padStart(40, '0');

describe('publishCharityProfile', () => {
  it('tells other services what receipts must state: the registration number and whether donations count for tax', async () => {
    const { sent, events, published } = capture();
    await publishCharityProfile({ events, published }, { ...profile, registrationNumber: 'CC54021', taxApproved: true }, v(1), '2026-04-01T00:00:00Z');
    expect(sent).toEqual([expect.objectContaining({ id: 'C1', registrationNumber: 'CC54021', taxApproved: true })]);
  });

  it('leaves them out when the profile does not say (receipts then make no tax claim)', async () => {
    const { sent, events, published } = capture();
    await publishCharityProfile({ events, published }, profile, v(2), '2026-04-01T00:00:00Z');
    expect(sent[0]).not.toHaveProperty('registrationNumber');
    expect(sent[0]).not.toHaveProperty('taxApproved');
  });

  it('carries what search shows and filters on: description, causes, location and when the charity was listed', async () => {
    const { sent, events, published } = capture();
    const stored = { ...profile, description: 'Kiwi crèches and predator traps.', causes: ['Animals', 'Environment'], location: 'Whangārei', createdAt: '2026-01-05T09:00:00.000Z' };
    await publishCharityProfile({ events, published }, stored, v(3), '2026-04-01T00:00:00Z');
    expect(sent[0]).toMatchObject({ description: 'Kiwi crèches and predator traps.', causes: ['Animals', 'Environment'], location: 'Whangārei', createdAt: '2026-01-05T09:00:00.000Z' });
    expect(sent[0]).not.toHaveProperty('reindexId');
  });

  it('leaves out a location and listing date the profile does not have (seeded profiles have no createdAt)', async () => {
    const { sent, events, published } = capture();
    await publishCharityProfile({ events, published }, { ...profile, description: '', causes: [], location: '' }, v(4), '2026-04-01T00:00:00Z');
    expect(sent[0]).toMatchObject({ description: '', causes: [] });
    expect(sent[0]).not.toHaveProperty('location');
    expect(sent[0]).not.toHaveProperty('createdAt');
  });

  it('records the version it published, only once it is published', async () => {
    const { events, published, recorded, log } = capture();
    await publishCharityProfile({ events, published }, profile, v(5), '2026-04-01T00:00:00Z');
    expect(recorded).toEqual([['C1', v(5)]]);
    expect(log).toEqual(['published', 'recorded']);
    const failing: EventPublisher = { publish: async () => Promise.reject(new Error('bus down')) };
    const later = capture();
    await expect(publishCharityProfile({ events: failing, published: later.published }, profile, v(6), '2026-04-01T00:00:00Z')).rejects.toThrow('bus down');
    expect(later.recorded).toEqual([]);
  });
});

describe('reindexCharities', () => {
  const batchCapture = () => {
    const calls: { name: string; items: { data: unknown; id?: string }[]; correlationId?: string }[] = [];
    const events: BatchEventPublisher = {
      publishAll: async (definition, items, options) => {
        calls.push({ name: definition.name, items: items.map((item) => ({ ...item, data: definition.schema.parse(item.data) })), correlationId: options?.correlationId });
        return { events: items.length, batches: Math.ceil(items.length / 10) };
      },
    };
    return { calls, events };
  };
  const listing = (entries: { profile: PublishableProfile; publishedVersion?: string }[]) => ({ listWithPublishedVersions: async () => entries });

  it("re-emits every stored profile with the version last published for it and the run's reindexId", async () => {
    const { calls, events } = batchCapture();
    const other = { id: 'C2', name: 'Tasman Toy Library', charityUrl: 'tasman-toy-library', country: 'nz' as const, logoImageUrl: '', description: 'Toys.', causes: ['Children'] };
    const run = await reindexCharities({
      published: listing([{ profile: { ...profile, createdAt: '2026-01-05T09:00:00.000Z' }, publishedVersion: v(41) }, { profile: other, publishedVersion: v(7) }]),
      events,
      clock: fixedClock('2026-05-01T00:00:00Z'),
      newId: () => 'RUN1',
    });
    expect(run).toEqual({ reindexId: 'RUN1', events: 2, batches: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.name).toBe('CharityProfilePublished');
    expect(calls[0]?.correlationId).toBe('RUN1');
    expect(calls[0]?.items).toEqual([
      { id: `charity-C1-${v(41)}-RUN1`, data: expect.objectContaining({ id: 'C1', version: v(41), reindexId: 'RUN1', createdAt: '2026-01-05T09:00:00.000Z', publishedAt: '2026-05-01T00:00:00.000Z' }) },
      { id: `charity-C2-${v(7)}-RUN1`, data: expect.objectContaining({ id: 'C2', version: v(7), reindexId: 'RUN1', description: 'Toys.', causes: ['Children'] }) },
    ]);
  });

  it('gives a profile whose publication was never recorded the lowest version, so no consumer prefers it to one it holds', async () => {
    const { calls, events } = batchCapture();
    await reindexCharities({ published: listing([{ profile }]), events, clock: fixedClock('2026-05-01T00:00:00Z'), newId: () => 'RUN2' });
    expect(UNPUBLISHED_VERSION).toBe('0'.repeat(40));
    expect(calls[0]?.items[0]).toEqual({ id: `charity-C1-${UNPUBLISHED_VERSION}-RUN2`, data: expect.objectContaining({ version: UNPUBLISHED_VERSION }) });
    expect(UNPUBLISHED_VERSION < v(1)).toBe(true);
  });

  it('answers zero events and batches when there is no charity', async () => {
    const { events } = batchCapture();
    expect(await reindexCharities({ published: listing([]), events, clock: fixedClock('2026-05-01T00:00:00Z'), newId: () => 'RUN3' })).toEqual({ reindexId: 'RUN3', events: 0, batches: 0 });
  });
});
