import { describe, expect, it } from 'vitest';
import type { EventPublisher } from '@giving/shared/events';
import { CharityProfilePublished } from '@giving/shared/events/accounts';
import { publishCharityProfile } from './charity-events';

const capture = () => {
  const sent: unknown[] = [];
  const events: EventPublisher = {
    publish: async (definition, data) => {
      sent.push(CharityProfilePublished.schema.parse(data));
      return { metadata: { id: 'e', name: definition.name, source: definition.source, version: definition.version, occurredAt: '' }, data };
    },
  };
  return { sent, events };
};

const profile = { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', country: 'nz' as const, logoImageUrl: '/media/logo.svg' };

describe('publishCharityProfile', () => {
  it('tells other services what receipts must state: the registration number and whether donations count for tax', async () => {
    const { sent, events } = capture();
    await publishCharityProfile(events, { ...profile, registrationNumber: 'CC54021', taxApproved: true }, '1'.padStart(40, '0'), '2026-04-01T00:00:00Z');
    expect(sent).toEqual([expect.objectContaining({ id: 'C1', registrationNumber: 'CC54021', taxApproved: true })]);
  });

  it('leaves them out when the profile does not say (receipts then make no tax claim)', async () => {
    const { sent, events } = capture();
    await publishCharityProfile(events, profile, '2'.padStart(40, '0'), '2026-04-01T00:00:00Z');
    expect(sent[0]).not.toHaveProperty('registrationNumber');
    expect(sent[0]).not.toHaveProperty('taxApproved');
  });
});
