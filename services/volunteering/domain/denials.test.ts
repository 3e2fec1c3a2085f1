import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import type { Mailer, OutgoingMail } from '@giving/shared/mail';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import volunteering from '../service';
import { notifyOpportunityDenied } from './denials';

let once: ReturnType<typeof dynamoIdempotencyStore>;
beforeAll(async () => {
  const tables = await testTables([volunteering]);
  once = dynamoIdempotencyStore({ client: tables.client, tableName: tables.tableName('volunteering') });
});

const mailer = (fail = false): Mailer & { sent: OutgoingMail[] } => {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      if (fail) throw new Error('SES is unavailable');
      sent.push(mail);
    },
  };
};
let n = 0;
const denied = (overrides = {}) => ({
  id: `O${++n}-${Date.now()}`,
  title: 'Kiwi call count night',
  country: 'nz' as const,
  charity: { id: 'C1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue', logoImageUrl: '' },
  contactEmail: 'sam.tane@kiwicoastrescue.org.nz',
  contentStatus: 'Denied' as const,
  deniedReason: 'Say where volunteers meet.',
  deniedAt: '2026-11-24T22:30:00.000Z',
  ...overrides,
});

describe('a denied volunteer role reaches its charity', () => {
  it('e-mails its volunteering contact the reason and a link to its roles, once per denial', async () => {
    const role = denied();
    const deps = { mailer: mailer(), siteUrl: 'https://koha.example/', once };
    expect(await notifyOpportunityDenied(deps, role)).toBe('sent');
    expect(await notifyOpportunityDenied(deps, role)).toBe('already');
    expect(deps.mailer.sent).toHaveLength(1);
    const [mail] = deps.mailer.sent;
    expect(mail?.to).toBe('sam.tane@kiwicoastrescue.org.nz');
    expect(mail?.subject).toBe('Your volunteer role “Kiwi call count night” was not approved');
    expect(mail?.text).toContain('Say where volunteers meet.');
    expect(mail?.text).toContain('(25 November 2026)'); // the denial's day in Auckland
    expect(mail?.text).toContain('https://koha.example/admin/charity/C1/volunteer-roles');
    // Denied again later (a new denial): news again.
    expect(await notifyOpportunityDenied(deps, { ...role, deniedAt: '2026-11-26T01:00:00.000Z' })).toBe('sent');
  });

  it('gives a failed send back so the retry sends it, and ignores roles that are not denied', async () => {
    const role = denied();
    await expect(notifyOpportunityDenied({ mailer: mailer(true), siteUrl: 'https://koha.example', once }, role)).rejects.toThrow('SES is unavailable');
    expect(await notifyOpportunityDenied({ mailer: mailer(), siteUrl: 'https://koha.example', once }, role)).toBe('sent');
    expect(await notifyOpportunityDenied({ mailer: mailer(), siteUrl: 'https://koha.example', once }, { ...denied(), contentStatus: 'Live' })).toBe('skipped');
  });
});
