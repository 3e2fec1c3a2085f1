import { describe, expect, it } from 'vitest';
import type { BatchEventPublisher, EventPublisher } from '@giving/shared/events';
import { VolunteeringOpportunityChanged, VolunteeringOpportunityReindexed } from '@giving/shared/events/volunteering';
import { opportunityDocument, reindexOpportunities } from './operations';
import { opportunityIdOf, publishOpportunityChange } from './opportunity-events';
import type { StoredOpportunity } from './ports';

const opportunity = (overrides: Partial<StoredOpportunity> = {}): StoredOpportunity => ({
  id: 'O1',
  charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/kiwi.svg' },
  country: 'nz',
  title: 'Beach clean-up',
  description: 'Pick up plastic.',
  opportunityUrl: 'beach-clean-up',
  opportunityType: 'UnSkilled',
  imageUrl: '/media/beach.svg',
  skills: [],
  categories: ['Environment'],
  sdgs: [14],
  isRemote: false,
  location: { suburb: 'Ngunguru', lat: -35.62, lon: 174.5 },
  hasSpecificDates: true,
  allowTeams: true,
  contactEmail: 'sam@example.org',
  contentStatus: 'Live',
  isOnline: true,
  sessions: [{ id: 'S1', startsAt: '2026-12-01T20:00:00.000Z', endsAt: '2026-12-01T23:00:00.000Z', sessionTotalHours: 3, requiredPeople: 6 }],
  createdBy: 'sam',
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-22T09:00:00.000Z',
  revision: 4,
  ...overrides,
});

const capture = () => {
  const sent: { data: unknown; id?: string }[] = [];
  const events: EventPublisher = {
    publish: async (definition, data, options) => {
      sent.push({ data: VolunteeringOpportunityChanged.schema.parse(data), id: options?.id });
      return { metadata: { id: options?.id ?? '', name: definition.name, source: definition.source, version: definition.version, occurredAt: '' }, data };
    },
  };
  return { sent, events };
};

const opportunityKeys = (id: string) => ({ pk: `OPP#${id}`, sk: 'OPP' });

describe('opportunityDocument', () => {
  it("carries the item's revision, which orders its states for search", () => {
    expect(opportunityDocument(opportunity({ revision: 7 })).revision).toBe(7);
  });
});

describe('publishOpportunityChange', () => {
  it('publishes a stored state as Modified with the ReIndex document, once per revision', async () => {
    const { sent, events } = capture();
    const stored = opportunity({ isOnline: false });
    expect(await publishOpportunityChange(events, { keys: opportunityKeys('O1'), newImage: stored, sequenceNumber: '900' })).toBe('modified');
    expect(sent).toEqual([{ id: 'opportunity-O1-4', data: { change: 'Modified', document: opportunityDocument(stored) } }]);
    expect(sent[0]?.data).toMatchObject({ document: { id: 'O1', revision: 4, isOnline: false, slug: 'kiwi-coast-rescue/beach-clean-up', sessions: [{ id: 'S1', requiredpeople: 6 }] } });
  });

  it('publishes a deletion (keys only) as Removed, its event id naming the stream record', async () => {
    const { sent, events } = capture();
    expect(await publishOpportunityChange(events, { keys: opportunityKeys('O1'), sequenceNumber: '901' })).toBe('removed');
    expect(sent).toEqual([{ id: 'opportunity-O1-removed-901', data: { change: 'Removed', id: 'O1' } }]);
  });

  it("skips what is not an opportunity item (its sessions and comments share the opportunity's partition)", async () => {
    const { sent, events } = capture();
    expect(await publishOpportunityChange(events, { keys: { pk: 'OPP#O1', sk: 'SESSION#S1' }, sequenceNumber: '902' })).toBe('skipped');
    expect(await publishOpportunityChange(events, { keys: { pk: 'APP#A1', sk: 'OPP' }, sequenceNumber: '903' })).toBe('skipped');
    expect(opportunityIdOf({ pk: 'OPP#', sk: 'OPP' })).toBeUndefined();
    expect(sent).toEqual([]);
  });
});

describe('reindexOpportunities', () => {
  it('re-emits each opportunity with its revision, the document the stream publishes', async () => {
    const documents: unknown[] = [];
    const events: BatchEventPublisher = {
      publishAll: async (definition, items) => {
        for (const item of items) documents.push((VolunteeringOpportunityReindexed.schema.parse(item.data) as { document: unknown }).document);
        return { events: items.length, batches: Math.ceil(items.length / 10) };
      },
    };
    const stored = opportunity({ revision: 9 });
    const deps = { opportunities: { listAll: async () => [stored] }, events, newId: () => 'RUN1' } as unknown as Parameters<typeof reindexOpportunities>[0];
    await reindexOpportunities(deps);
    const { sent, events: single } = capture();
    await publishOpportunityChange(single, { keys: opportunityKeys('O1'), newImage: stored, sequenceNumber: '904' });
    expect(documents).toEqual([(sent[0]?.data as { document: unknown }).document]);
    expect(documents[0]).toMatchObject({ revision: 9 });
  });
});
