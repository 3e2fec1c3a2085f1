import { describe, expect, it } from 'vitest';
import type { EventPublisher } from '@giving/shared/events';
import { publishCharityMembership } from './charity-membership-events';

function recordingPublisher() {
  const published: { name: string; data: unknown }[] = [];
  const events: EventPublisher = {
    async publish(definition, data) {
      published.push({ name: definition.name, data });
      return { metadata: { id: 'id', name: definition.name, version: 1, source: definition.source, occurredAt: '' }, data };
    },
  };
  return { events, published };
}

const keys = { pk: 'CHARITY#01KIWI', sk: 'MEMBER#sub-sam' };

describe('publishCharityMembership', () => {
  it('publishes the member’s roles in the charity, versioned by the stream sequence number', async () => {
    const { events, published } = recordingPublisher();
    await publishCharityMembership(events, { keys, sequenceNumber: '512', newImage: { roles: ['Charity.Admin'] } }, '2026-11-21T09:00:00.000Z');
    expect(published).toEqual([
      {
        name: 'CharityMembershipChanged',
        data: { charityId: '01KIWI', memberId: 'sub-sam', roles: ['Charity.Admin'], version: '512'.padStart(40, '0'), publishedAt: '2026-11-21T09:00:00.000Z' },
      },
    ]);
  });

  it('a removed membership (a REMOVE record has only keys) is published with no roles', async () => {
    const { events, published } = recordingPublisher();
    await publishCharityMembership(events, { keys, sequenceNumber: '513' }, '2026-11-21T09:00:00.000Z');
    expect(published[0]?.data).toMatchObject({ charityId: '01KIWI', memberId: 'sub-sam', roles: [] });
  });

  it('ignores items that are not charity memberships, and roles that are not text', async () => {
    const { events, published } = recordingPublisher();
    expect(await publishCharityMembership(events, { keys: { pk: 'CHARITY#c', sk: 'PROFILE' }, sequenceNumber: '1' }, '')).toBe('ignored');
    expect(published).toEqual([]);
    await publishCharityMembership(events, { keys, sequenceNumber: '2', newImage: { roles: ['Charity.Member', 7] } }, '');
    expect(published[0]?.data).toMatchObject({ roles: ['Charity.Member'] });
  });
});
