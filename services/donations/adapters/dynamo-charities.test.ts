import { beforeAll, describe, expect, it } from 'vitest';
import { CharityProfilePublished } from '@giving/shared/events/accounts';
import type { EventData } from '@giving/shared/events';
import { newId } from '@giving/shared/ids';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import donations from '../service';
import { recordCharityProfile } from '../domain/charities';
import { dynamoCharityDirectory } from './dynamo-charities';

let charities: ReturnType<typeof dynamoCharityDirectory>;

beforeAll(async () => {
  const tables = await testTables([donations]);
  charities = dynamoCharityDirectory(tables.client, tables.tableName('donations'));
});

const published = (overrides: Partial<EventData<typeof CharityProfilePublished>> = {}): EventData<typeof CharityProfilePublished> => {
  const id = newId();
  return CharityProfilePublished.schema.parse({
    id,
    name: 'Kiwi Coast Rescue',
    charityUrl: `kiwi-${id.toLowerCase()}`,
    country: 'nz',
    logoImageUrl: '/media/logo.svg',
    version: '2026-04-01T09:00:00.000Z',
    publishedAt: '2026-04-01T09:00:01.000Z',
    ...overrides,
  });
};

/** What the copy keeps of an event: everything but when it was published. */
const keptOf = ({ publishedAt: _publishedAt, ...profile }: EventData<typeof CharityProfilePublished>) => ({ ...profile, isActive: profile.isActive ?? true });

describe('donations’ copy of charity profiles (DynamoDB Local)', () => {
  it('keeps a published profile, found by id and by URL, active unless it says otherwise', async () => {
    const profile = published();
    expect(await recordCharityProfile({ charities }, profile)).toBe('saved');
    const kept = keptOf(profile);
    expect(await charities.getById(profile.id)).toEqual(kept);
    expect(await charities.getByUrl(profile.charityUrl)).toEqual(kept);
    expect(await charities.getById('no-such-charity')).toBeUndefined();
  });

  it('a newer version wins; an older one arriving late never overwrites it', async () => {
    const first = published();
    const newer = { ...first, name: 'Kiwi Coast Rescue Trust', logoImageUrl: '/media/new.svg', version: '2026-04-02T09:00:00.000Z' };
    expect(await recordCharityProfile({ charities }, newer)).toBe('saved');
    expect(await recordCharityProfile({ charities }, first)).toBe('stale');
    expect(await charities.getById(first.id)).toMatchObject({ name: 'Kiwi Coast Rescue Trust', logoImageUrl: '/media/new.svg' });

    const inactive = { ...first, isActive: false, version: '2026-04-03T09:00:00.000Z' };
    expect(await recordCharityProfile({ charities }, inactive)).toBe('saved');
    expect(await charities.getById(first.id)).toMatchObject({ isActive: false, version: '2026-04-03T09:00:00.000Z' });
  });

  it('keeps what receipts state about the charity: its registration number and whether donations count for tax', async () => {
    const profile = { ...published(), registrationNumber: 'CC54021', taxApproved: true };
    await recordCharityProfile({ charities }, profile);
    expect(await charities.getById(profile.id)).toMatchObject({ registrationNumber: 'CC54021', taxApproved: true });
    const withdrawn = { ...profile, taxApproved: false, version: '2026-04-05T09:00:00.000Z' };
    await recordCharityProfile({ charities }, withdrawn);
    expect(await charities.getById(profile.id)).toMatchObject({ taxApproved: false });
  });

  it('a redelivered event is harmless, even many at once', async () => {
    const profile = published();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => recordCharityProfile({ charities }, profile)));
    expect(outcomes.filter((o) => o === 'saved')).toHaveLength(1);
    expect(await charities.getById(profile.id)).toEqual(keptOf(profile));
  });

  it('ignores a ReIndexCharities re-emission: the same version (or the lowest, for a profile never recorded) changes nothing', async () => {
    const profile = published({ version: '1207'.padStart(40, '0') });
    expect(await recordCharityProfile({ charities }, profile)).toBe('saved');
    const reindexed = { ...profile, name: 'Renamed meanwhile', description: 'For search.', causes: ['Animals'], reindexId: newId(), publishedAt: '2026-05-01T00:00:00.000Z' };
    expect(await recordCharityProfile({ charities }, reindexed)).toBe('stale');
    expect(await recordCharityProfile({ charities }, { ...reindexed, version: '0'.repeat(40) })).toBe('stale');
    expect(await charities.getById(profile.id)).toEqual(keptOf(profile));
  });

  it('follows a change of URL: the charity is found at its new address, not its old one', async () => {
    const profile = published();
    const moved = { ...profile, charityUrl: `${profile.charityUrl}-nz`, version: '2026-04-05T09:00:00.000Z' };
    await recordCharityProfile({ charities }, profile);
    await recordCharityProfile({ charities }, moved);
    expect(await charities.getByUrl(moved.charityUrl)).toMatchObject({ id: profile.id });
    expect(await charities.getByUrl(profile.charityUrl)).toBeUndefined();
  });
});
