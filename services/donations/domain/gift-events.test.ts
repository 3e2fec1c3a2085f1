import { describe, expect, it } from 'vitest';
import type { BatchEventPublisher, EventPublisher } from '@giving/shared/events';
import { GiftPublished } from '@giving/shared/events/donations';
import { giftDocument, publishGift, reindexGifts } from './gift-events';
import type { GiftRecord } from './ports';

const record = (overrides: Partial<GiftRecord['gift']> = {}, revision = 3): GiftRecord => ({
  gift: {
    id: 'G1',
    title: 'Feed a kiwi chick for a week',
    description: 'Worms and grubs.',
    imageUrl: '/media/gifts/g1.svg',
    iconUrl: '',
    productUrl: 'feed-a-kiwi-chick',
    price: { cents: 2500, currency: 'NZD' },
    isActive: true,
    charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/kiwi.svg' },
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  },
  revision,
});

describe('giftDocument', () => {
  it('is the public gift, when it was made and its revision (nothing internal: no updatedAt)', () => {
    const document = giftDocument(record());
    expect(document).toEqual({
      id: 'G1',
      title: 'Feed a kiwi chick for a week',
      description: 'Worms and grubs.',
      imageUrl: '/media/gifts/g1.svg',
      iconUrl: '',
      productUrl: 'feed-a-kiwi-chick',
      price: { cents: 2500, currency: 'NZD' },
      isActive: true,
      charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/kiwi.svg' },
      createdAt: '2026-02-01T00:00:00.000Z',
      revision: 3,
    });
  });
});

describe('publishGift', () => {
  const capture = () => {
    const sent: { data: unknown; id?: string }[] = [];
    const events: EventPublisher = {
      publish: async (definition, data, options) => {
        sent.push({ data: GiftPublished.schema.parse(data), id: options?.id });
        return { metadata: { id: options?.id ?? '', name: definition.name, source: definition.source, version: definition.version, occurredAt: '' }, data };
      },
    };
    return { sent, events };
  };

  it('publishes each stored revision once: event id gift-<id>-<revision>', async () => {
    const { sent, events } = capture();
    expect(await publishGift(events, record({ isActive: false }, 4))).toBe('published');
    expect(sent).toEqual([{ id: 'gift-G1-4', data: { change: 'Published', gift: expect.objectContaining({ id: 'G1', isActive: false, revision: 4 }) } }]);
  });

  it('skips an item that is not a gift', async () => {
    const { sent, events } = capture();
    expect(await publishGift(events, undefined)).toBe('skipped');
    expect(sent).toEqual([]);
  });
});

describe('reindexGifts', () => {
  it("re-emits every gift at its stored revision with the run's reindexId", async () => {
    const calls: { items: readonly { data: unknown; id?: string }[]; correlationId?: string }[] = [];
    const events: BatchEventPublisher = {
      publishAll: async (definition, items, options) => {
        items.forEach((item) => definition.schema.parse(item.data));
        calls.push({ items, correlationId: options?.correlationId });
        return { events: items.length, batches: Math.ceil(items.length / 10) };
      },
    };
    const gifts = { listAll: async () => [record(), record({ id: 'G2', isActive: false }, 1)] };
    expect(await reindexGifts({ gifts, events, newId: () => 'RUN1' })).toEqual({ reindexId: 'RUN1', events: 2, batches: 1 });
    expect(calls).toEqual([
      {
        correlationId: 'RUN1',
        items: [
          { id: 'gift-G1-3-RUN1', data: { change: 'Published', gift: expect.objectContaining({ id: 'G1', revision: 3 }), reindexId: 'RUN1' } },
          { id: 'gift-G2-1-RUN1', data: { change: 'Published', gift: expect.objectContaining({ id: 'G2', isActive: false, revision: 1 }), reindexId: 'RUN1' } },
        ],
      },
    ]);
  });
});
