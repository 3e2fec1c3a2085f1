import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import { DomainError } from '@giving/shared/errors';
import { newId } from '@giving/shared/ids';
import type { MediaStore } from '@giving/shared/media';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoOpportunityStore } from '../adapters/dynamo-opportunities';
import volunteering from '../service';
import { uploadOpportunityImage } from './opportunity-image';
import type { OpportunityStore, StoredOpportunity } from './ports';

let opportunities: OpportunityStore;
beforeAll(async () => {
  const tables = await testTables([volunteering]);
  opportunities = dynamoOpportunityStore(tables.client, tables.tableName('volunteering'));
});

const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const now = '2026-11-21T09:00:00.000Z';
const charity = { id: 'kiwi', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '/media/logo.svg' };

async function aRole(): Promise<StoredOpportunity> {
  const id = newId();
  const opportunity: StoredOpportunity = {
    id,
    charity,
    country: 'nz',
    title: 'Beach clean-up',
    description: 'Pick up plastic.',
    opportunityUrl: `beach-${id.toLowerCase()}`,
    opportunityType: 'UnSkilled',
    imageUrl: 'https://example.org/old.jpg',
    skills: [],
    categories: ['Environment'],
    sdgs: [],
    isRemote: true,
    hasSpecificDates: false,
    allowTeams: false,
    contactEmail: 'sam@example.org',
    contentStatus: 'Live',
    isOnline: true,
    sessions: [],
    createdBy: 'sam',
    createdAt: now,
    updatedAt: now,
    revision: 1,
  };
  expect(await opportunities.create(opportunity, [])).toBe('created');
  return opportunity;
}

const recordingMedia = () => {
  const keys: string[] = [];
  const media: MediaStore = { put: async (key) => (keys.push(key), `/media/${key}`) };
  return { keys, media };
};
const clock = fixedClock(new Date('2026-11-22T10:00:00.000Z'));

describe('uploadOpportunityImage', () => {
  it('stores the picture under volunteering/{charity}/{role}/ and makes it the role’s image (a new revision)', async () => {
    const role = await aRole();
    const { keys, media } = recordingMedia();
    const answer = await uploadOpportunityImage({ opportunities, clock, media }, charity.id, role.id, { contentType: 'image/png', data: TINY_PNG });
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^volunteering/kiwi/${role.id}/image-[0-9a-f]{20}\\.png$`))]);
    expect(answer).toEqual({ opportunityId: role.id, imageUrl: `/media/${keys[0]}` });
    expect(await opportunities.get(role.id)).toMatchObject({ imageUrl: answer.imageUrl, revision: 2, updatedAt: '2026-11-22T10:00:00.000Z', title: role.title });
  });

  it('answers 404 for another charity’s role and for bytes that are not the declared type, storing nothing', async () => {
    const role = await aRole();
    const { keys, media } = recordingMedia();
    const elsewhere = await uploadOpportunityImage({ opportunities, clock, media }, 'harbour', role.id, { contentType: 'image/png', data: TINY_PNG }).catch((e: unknown) => e);
    expect(elsewhere).toBeInstanceOf(DomainError);
    expect((elsewhere as DomainError).code).toBe('NotFound');
    const html = Buffer.from('<html></html>').toString('base64');
    const refused = await uploadOpportunityImage({ opportunities, clock, media }, charity.id, role.id, { contentType: 'image/png', data: html }).catch((e: unknown) => e);
    expect((refused as DomainError).fieldErrors).toEqual([{ field: 'body.data', message: 'Choose a PNG, JPEG, WebP or GIF image.' }]);
    expect(keys).toEqual([]);
    expect((await opportunities.get(role.id))?.imageUrl).toBe('https://example.org/old.jpg');
  });

  it('keeps an edit saved meanwhile: the write is conditional, so it reads the role again and reapplies', async () => {
    const role = await aRole();
    const { media } = recordingMedia();
    let edited = false;
    const racing: OpportunityStore = {
      ...opportunities,
      async replace(current, next, sessions) {
        if (!edited) {
          edited = true;
          expect(await opportunities.replace(current, { ...current, title: 'Dune planting', revision: current.revision + 1 }, sessions)).toBe('saved');
        }
        return opportunities.replace(current, next, sessions);
      },
    };
    const answer = await uploadOpportunityImage({ opportunities: racing, clock, media }, charity.id, role.id, { contentType: 'image/png', data: TINY_PNG });
    expect(await opportunities.get(role.id)).toMatchObject({ title: 'Dune planting', imageUrl: answer.imageUrl, revision: 3 });
  });
});
