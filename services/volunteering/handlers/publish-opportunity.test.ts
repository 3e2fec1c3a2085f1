import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VolunteeringOpportunityChanged, VolunteeringOpportunityReindexed } from '@giving/shared/events/volunteering';
import { newId } from '@giving/shared/ids';
import { eventBridgeBatchPublisher } from '@giving/shared/lambda/publisher';
import { ENV } from '@giving/shared/manifest';
import { testEventBus } from '../../../tools/local/src/testing/event-bus';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { streamEvent } from '../../../tools/local/src/testing/stream-records';
import { dynamoApplicationStore } from '../adapters/dynamo-applications';
import { dynamoOpportunityStore } from '../adapters/dynamo-opportunities';
import { keys } from '../adapters/keys';
import { reindexOpportunities } from '../domain/operations';
import type { StoredOpportunity, StoredSession } from '../domain/ports';
import volunteering from '../service';
import { handler as publishOpportunity } from './publish-opportunity';

/** VolunteeringOpportunityChanged from the volunteering table's stream, in-process against DynamoDB Local and the local event bus. */
let tables: Awaited<ReturnType<typeof testTables>>;
let bus: Awaited<ReturnType<typeof testEventBus>>;
let opportunities: ReturnType<typeof dynamoOpportunityStore>;
const table = () => tables.tableName('volunteering');
const now = '2026-11-26T09:00:00.000Z';

beforeAll(async () => {
  tables = await testTables([volunteering]);
  bus = await testEventBus();
  Object.assign(process.env, {
    [ENV.tableName('volunteering')]: table(),
    AWS_ENDPOINT_URL_DYNAMODB: tables.endpoint,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: tables.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local',
    ...bus.environment,
  });
  opportunities = dynamoOpportunityStore(tables.client, table());
});

afterAll(async () => {
  await bus?.stop();
});

async function anOpportunity(): Promise<StoredOpportunity> {
  const id = newId();
  const plan = { id: newId(), startsAt: '2026-12-01T20:00:00.000Z', endsAt: '2026-12-01T23:00:00.000Z', sessionTotalHours: 3, requiredPeople: 4 };
  const opportunity: StoredOpportunity = {
    id,
    charity: { id: 'kiwi', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/logo.svg' },
    country: 'nz',
    title: 'Beach clean-up',
    description: 'Pick up plastic.',
    opportunityUrl: `beach-${id.toLowerCase()}`,
    opportunityType: 'UnSkilled',
    imageUrl: '/media/x.svg',
    skills: [],
    categories: ['Environment'],
    sdgs: [],
    isRemote: false,
    location: { suburb: 'Ngunguru', lat: -35.62, lon: 174.5 },
    hasSpecificDates: true,
    allowTeams: true,
    contactEmail: 'sam@example.org',
    contentStatus: 'Proposed',
    isOnline: true,
    sessions: [plan],
    createdBy: 'sam',
    createdAt: now,
    updatedAt: now,
    revision: 1,
  };
  const session: StoredSession = { ...plan, opportunityId: id, charityId: 'kiwi', placesTaken: 0, remaining: 4 };
  expect(await opportunities.create(opportunity, [session])).toBe('created');
  return opportunity;
}

const storedItem = async (id: string) => (await tables.client.send(new GetCommand({ TableName: table(), Key: keys.opportunity(id), ConsistentRead: true }))).Item as Record<string, unknown>;

describe('VolunteeringOpportunityChanged from the stream', () => {
  it('publishes each stored revision as Modified with the document ReIndexVolunteeringOpportunity re-emits', async () => {
    const created = await anOpportunity();
    const approved = { ...created, contentStatus: 'Live' as const, revision: 2 };
    expect(await opportunities.replace(created, approved, { added: [], updated: [], removed: [] })).toBe('saved');
    bus.clear();
    const result = await publishOpportunity(streamEvent([{ eventName: 'MODIFY', sequenceNumber: '300', item: await storedItem(created.id) }]));
    expect(result).toEqual({ batchItemFailures: [] });
    const [changed] = bus.envelopes(VolunteeringOpportunityChanged);
    expect(changed?.metadata.id).toBe(`opportunity-${created.id}-2`);
    expect(changed?.data).toMatchObject({ change: 'Modified', document: { id: created.id, contentStatus: 'Live', revision: 2, slug: `kiwi-coast-rescue/${created.opportunityUrl}` } });

    await reindexOpportunities({ opportunities, applications: dynamoApplicationStore(tables.client, table()), newId: () => newId(), events: eventBridgeBatchPublisher() });
    const reindexed = bus.envelopes(VolunteeringOpportunityReindexed).find((envelope) => envelope.data.document.id === created.id);
    expect(changed?.data.change === 'Modified' ? changed.data.document : undefined).toEqual(reindexed?.data.document);
  });

  it('publishes a deleted opportunity as Removed', async () => {
    const created = await anOpportunity();
    expect(await opportunities.delete(created)).toBe('deleted');
    expect(await storedItem(created.id)).toBeUndefined();
    bus.clear();
    const result = await publishOpportunity(streamEvent([{ eventName: 'REMOVE', sequenceNumber: '301', keys: keys.opportunity(created.id) }]));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(bus.envelopes(VolunteeringOpportunityChanged).map((envelope) => [envelope.metadata.id, envelope.data])).toEqual([
      [`opportunity-${created.id}-removed-301`, { change: 'Removed', id: created.id }],
    ]);
  });
});
