import { describe, expect, it } from 'vitest';
import type { EventPublisher } from '@giving/shared/events';
import { membershipIds, publishWorkplaceMembership } from './workplace-membership-events';

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

const keys = { pk: 'WORKPLACE#01WORKPLACE', sk: 'MEMBER#sub-wiremu' };

describe('publishWorkplaceMembership', () => {
  it('publishes the member’s roles and the workplace’s name, versioned by the stream sequence number', async () => {
    const { events, published } = recordingPublisher();
    await publishWorkplaceMembership(
      events,
      { keys, sequenceNumber: '4200', newImage: { workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'] } },
      '2026-11-21T09:00:00.000Z',
    );
    expect(published).toEqual([
      {
        name: 'WorkplaceMembershipChanged',
        data: {
          workplaceId: '01WORKPLACE',
          memberId: 'sub-wiremu',
          workplaceName: 'Tasman Engineering',
          roles: ['WorkplaceGiver.Employee'],
          version: '4200'.padStart(40, '0'),
          publishedAt: '2026-11-21T09:00:00.000Z',
        },
      },
    ]);
  });

  it('a removed membership (a REMOVE record has only keys) is published with no roles', async () => {
    const { events, published } = recordingPublisher();
    await publishWorkplaceMembership(events, { keys, sequenceNumber: '4300' }, '2026-11-21T09:00:00.000Z');
    expect(published[0]?.data).toMatchObject({ workplaceId: '01WORKPLACE', memberId: 'sub-wiremu', workplaceName: '', roles: [] });
  });

  it('ignores items that are not workplace memberships', async () => {
    const { events, published } = recordingPublisher();
    expect(await publishWorkplaceMembership(events, { keys: { pk: 'WORKPLACE#w', sk: 'CHARITY#c' }, sequenceNumber: '1' }, '')).toBe('ignored');
    expect(published).toEqual([]);
    expect(membershipIds({ pk: 'CHARITY#c', sk: 'MEMBER#m' })).toBeUndefined();
  });
});
