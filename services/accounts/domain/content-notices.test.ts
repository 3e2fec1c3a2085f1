import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@giving/shared/clock';
import type { ContentItem } from '@giving/shared/contracts/accounts';
import { dynamoIdempotencyStore } from '@giving/shared/lambda/idempotency';
import { testTables } from '../../../tools/local/src/testing/dynamo';
import { dynamoContentStore } from '../adapters/dynamo-content-approval';
import { aCaller, aCharity, aMember, peopleStores, recordingMailer, type PeopleStores } from '../adapters/people-fixtures';
import accounts from '../service';
import { updateSettings } from './charity-console';
import { denyContent } from './content-approval';
import { notifyContentDenied, type ContentNoticeDeps } from './content-notices';

let stores: PeopleStores;
const clock = fixedClock('2026-04-05T22:30:00.000Z'); // 6 April 2026, 10:30 in Auckland

beforeAll(async () => {
  const tables = await testTables([accounts]);
  stores = peopleStores(tables.client, tables.tableName('accounts'));
});

const noticeDeps = (mailer = recordingMailer()) =>
  ({
    ...stores,
    mailer,
    once: dynamoIdempotencyStore({ client: stores.client, tableName: stores.tableName }),
    siteUrl: 'https://koha.example/',
  }) satisfies ContentNoticeDeps;

/** A charity with an administrator and a helper, whose profile change the back office denied. */
async function deniedProposal() {
  const charity = await aCharity(stores);
  const tenant = { ...charity, kind: 'charity' as const };
  const admin = await aMember(stores, aCaller({ firstName: 'Sam', lastName: 'Tane' }));
  const helper = await aMember(stores);
  await stores.memberships.join(tenant, { member: admin, role: 'Charity.Admin' }, new Date());
  await stores.memberships.join(tenant, { member: helper, role: 'Charity.Member' }, new Date());
  const sent = await updateSettings({ ...stores, clock }, charity.id, { description: 'Short.', causes: [] }, { ...aCaller(), memberId: admin.id, email: admin.email });
  const denied = await denyContent(
    { content: dynamoContentStore(stores.client, stores.tableName), clock },
    sent.pendingChange?.contentId as string,
    { memberId: 'admin-1', name: 'Alex Morgan' },
    'Please say what a gift buys.',
  );
  return { charity, admin, helper, denied };
}

describe('a denied content change reaches the charity', () => {
  it('e-mails its administrators the reason, the day it was sent (in the charity’s time zone) and a link to its settings', async () => {
    const { charity, admin, denied } = await deniedProposal();
    const deps = noticeDeps();
    expect(await notifyContentDenied(deps, denied)).toEqual({ sent: 1 });
    expect(deps.mailer.sent).toHaveLength(1);
    const mail = deps.mailer.sent[0]!;
    expect(mail.to).toBe(admin.email);
    expect(mail.subject).toBe(`Your changes to ${charity.name} were not approved`);
    expect(mail.text).toContain('Please say what a gift buys.');
    expect(mail.text).toContain('sent on 6 April 2026'); // 22:30 UTC on the 5th is the 6th in Auckland
    expect(mail.text).toContain(`https://koha.example/admin/charity/${charity.id}/settings`);
  });

  it('sends each e-mail once, however often the stream delivers the denial', async () => {
    const { denied } = await deniedProposal();
    const deps = noticeDeps();
    await notifyContentDenied(deps, denied);
    expect(await notifyContentDenied(deps, denied)).toEqual({ sent: 0 });
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('gives a failed send back, so the stream’s retry sends it', async () => {
    const { denied } = await deniedProposal();
    await expect(notifyContentDenied(noticeDeps(recordingMailer({ fail: true })), denied)).rejects.toThrow('SES is unavailable');
    const retry = noticeDeps();
    expect(await notifyContentDenied(retry, denied)).toEqual({ sent: 1 });
  });

  it('says nothing about a proposal that a newer one replaced (nobody denied it) or one that went live', async () => {
    const { denied } = await deniedProposal();
    const replaced: ContentItem = { ...denied, decidedBy: undefined, decidedByName: undefined, reason: 'Replaced by a newer proposal.' };
    const deps = noticeDeps();
    expect(await notifyContentDenied(deps, replaced)).toEqual({ sent: 0 });
    expect(await notifyContentDenied(deps, { ...denied, status: 'Live' })).toEqual({ sent: 0 });
    expect(deps.mailer.sent).toEqual([]);
  });
});
