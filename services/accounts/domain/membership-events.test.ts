import { describe, expect, it } from 'vitest';
import type { EventPublisher } from '@giving/shared/events';
import { membershipIds, publishMemberNames, publishMembership } from './membership-events';

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

const charityKeys = { pk: 'CHARITY#01KIWI', sk: 'MEMBER#sub-sam' };
const workplaceKeys = { pk: 'WORKPLACE#01WORKPLACE', sk: 'MEMBER#sub-wiremu' };
const AT = '2026-11-21T09:00:00.000Z';

describe('publishMembership', () => {
  it('a charity membership: the member’s roles in the charity, versioned by the stream sequence number', async () => {
    const { events, published } = recordingPublisher();
    await publishMembership(events, { keys: charityKeys, sequenceNumber: '512', newImage: { roles: ['Charity.Admin'] } }, AT);
    expect(published).toEqual([
      {
        name: 'CharityMembershipChanged',
        data: { charityId: '01KIWI', memberId: 'sub-sam', roles: ['Charity.Admin'], version: '512'.padStart(40, '0'), publishedAt: AT },
      },
    ]);
  });

  it('a workplace membership: the roles and the workplace’s name', async () => {
    const { events, published } = recordingPublisher();
    await publishMembership(
      events,
      { keys: workplaceKeys, sequenceNumber: '4200', newImage: { workplaceName: 'Tasman Engineering', roles: ['WorkplaceGiver.Employee'] } },
      AT,
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
          publishedAt: AT,
        },
      },
    ]);
  });

  it('a workplace membership carries the member as payroll knows them: names, e-mail, employment, unit, number', async () => {
    const { events, published } = recordingPublisher();
    const newImage = {
      workplaceName: 'Tasman Engineering',
      roles: ['WorkplaceGiver.Employee'],
      firstName: 'Wiremu',
      lastName: 'Parata',
      email: 'wiremu@tasman.example',
      employmentType: 'Contractor',
      businessUnitId: '01UNIT',
      employeeNumber: 'T-0042',
    };
    await publishMembership(events, { keys: workplaceKeys, sequenceNumber: '4201', newImage }, AT);
    expect(published[0]?.data).toMatchObject({ firstName: 'Wiremu', lastName: 'Parata', email: 'wiremu@tasman.example', employmentType: 'Contractor', businessUnitId: '01UNIT', employeeNumber: 'T-0042' });
    // An unknown employment type or an empty field is left out, not passed on.
    await publishMembership(events, { keys: workplaceKeys, sequenceNumber: '4202', newImage: { ...newImage, employmentType: 'Intern', employeeNumber: '' } }, AT);
    expect(published[1]?.data).not.toHaveProperty('employmentType');
    expect(published[1]?.data).not.toHaveProperty('employeeNumber');
  });

  it('a removed membership (a REMOVE record has only keys) is published with no roles', async () => {
    const { events, published } = recordingPublisher();
    await publishMembership(events, { keys: charityKeys, sequenceNumber: '513' }, AT);
    await publishMembership(events, { keys: workplaceKeys, sequenceNumber: '4300' }, AT);
    expect(published[0]?.data).toMatchObject({ charityId: '01KIWI', memberId: 'sub-sam', roles: [] });
    expect(published[1]?.data).toMatchObject({ workplaceId: '01WORKPLACE', memberId: 'sub-wiremu', workplaceName: '', roles: [] });
  });

  it('ignores items that are not memberships, and roles that are not text', async () => {
    const { events, published } = recordingPublisher();
    expect(await publishMembership(events, { keys: { pk: 'CHARITY#c', sk: 'PROFILE' }, sequenceNumber: '1' }, '')).toBe('ignored');
    expect(await publishMembership(events, { keys: { pk: 'WORKPLACE#w', sk: 'CHARITY#c' }, sequenceNumber: '1' }, '')).toBe('ignored');
    expect(membershipIds({ pk: 'MEMBER#m', sk: 'MEMBER#m' })).toBeUndefined();
    expect(published).toEqual([]);
    await publishMembership(events, { keys: charityKeys, sequenceNumber: '2', newImage: { roles: ['Charity.Member', 7] } }, '');
    expect(published[0]?.data).toMatchObject({ roles: ['Charity.Member'] });
  });
});

describe('publishMemberNames', () => {
  it('a member record’s names, versioned by the stream sequence number', async () => {
    const { events, published } = recordingPublisher();
    await publishMemberNames(events, { keys: { pk: 'MEMBER#sub-dana', sk: 'PROFILE' }, sequenceNumber: '77', newImage: { firstName: 'Dana', lastName: 'Whitfield' } }, AT);
    expect(published).toEqual([{ name: 'MemberNamesChanged', data: { memberId: 'sub-dana', firstName: 'Dana', lastName: 'Whitfield', version: '77'.padStart(40, '0'), publishedAt: AT } }]);
  });

  it('ignores anything but a member record', async () => {
    const { events, published } = recordingPublisher();
    expect(await publishMemberNames(events, { keys: { pk: 'MEMBER#sub-dana', sk: 'TALLY' }, sequenceNumber: '1', newImage: {} }, AT)).toBe('ignored');
    expect(await publishMemberNames(events, { keys: charityKeys, sequenceNumber: '2', newImage: { firstName: 'X' } }, AT)).toBe('ignored');
    expect(published).toEqual([]);
  });
});
