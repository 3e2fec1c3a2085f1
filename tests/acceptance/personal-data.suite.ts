import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import type { Gift, MemberGiftPaymentRequest } from '@giving/shared/contracts/donations';
import type { AuditEntry, DataExport } from '@giving/shared/contracts/personal-data';
import { PRIVACY_MESSAGES } from '@giving/shared/contracts/personal-data';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from '../../tools/local/src/seed/data';
import type { RunningPlatform } from '../../tools/local/src/platform';
import { apiCaller, eventually, platformClient, startTestPlatform, withFee } from './platform';

/**
 * A donor's own data (issue 17 item 7) through the real local platform. A new member gives by card and changes their
 * name; "Download my data" gathers a part from every service (events, the personal-data bucket) into one .zip they
 * download, and e-mails them; the back office sees who changed what on their records. "Delete my account" deletes
 * their sign-in at once and every service erases them: the donation stays with the charity without their identity.
 */
let platform: RunningPlatform;
let client: ReturnType<typeof platformClient>;
const tokens = new Map<DemoRole, string>();
const call = apiCaller(() => platform, tokens);
let gift: Gift;
const email = `hine.${crypto.randomUUID().slice(0, 8)}@example.org`;
const password = 'Koha-test-2026!x';
let memberToken = '';
let memberId = '';
let trackingNumber = '';
/** A gift Hine gave as a guest, with her e-mail, before she had an account. */
let guestTrackingNumber = '';

const asMember = <T = Record<string, unknown>>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(`${platform.siteUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${memberToken}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).then(async (response) => ({ status: response.status, response, body: (response.headers.get('content-type')?.includes('json') ? await response.json() : undefined) as T }));

/** A card payment for one kiwi chick at its price, receipted to `receiptName` (a guest adds their `donor`). */
const kiwiChickPayment = async (receiptName: string): Promise<MemberGiftPaymentRequest> =>
  withFee({
    pageType: 'GIFT' as const,
    country: 'nz' as const,
    giftId: gift.id,
    donationAmount: gift.price.cents,
    quantity: 1,
    supportingAmount: 0 as const,
    paymentType: 'CARD' as const,
    isRecurring: false,
    isAnonymous: false,
    receiptName,
    card: await client.cardToken(TEST_CARDS.approve, receiptName.normalize('NFD').replace(/[\u0300-\u036f]/g, '')),
  });

beforeAll(async () => {
  platform = await startTestPlatform(9500);
  client = platformClient(platform);
  for (const user of DEMO_USERS) tokens.set(user.role, await client.idToken(user.email, DEMO_PASSWORD));
  gift = (await call<Gift>('/donations/gifts/kiwi-coast-rescue/feed-a-kiwi-chick')).body;
  const guest = await fetch(`${platform.siteUrl}/api/donations/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `pd-guest-${crypto.randomUUID()}` },
    body: JSON.stringify({ ...(await kiwiChickPayment('Hine T')), donor: { firstName: 'Hine', lastName: 'T', email: email.toUpperCase() } }),
  });
  expect(guest.status).toBe(202);
  guestTrackingNumber = ((await guest.json()) as { trackingNumber: string }).trackingNumber;
  expect((await client.settle(guestTrackingNumber)).paymentProcessingStatus).toBe('Completed');
  const cognito = new CognitoIdentityProviderClient({ endpoint: platform.urls.cognito, region: 'ap-southeast-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: platform.cognito.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: platform.cognito.userPoolId, Username: email, Password: password, Permanent: true }));
  cognito.destroy();
  memberToken = await client.idToken(email, password);
  memberId = ((await asMember<{ primaryAccount: { id: string } }>('/accounts/me')).body).primaryAccount.id;
  expect((await asMember('/accounts/me/profile', { method: 'PUT', body: { firstName: 'Hine', lastName: 'Tūhoe' } })).status).toBe(200);
  const payment: MemberGiftPaymentRequest = await kiwiChickPayment('Hine Tūhoe');
  const paid = await asMember<{ trackingNumber: string }>('/donations/me/payments', { method: 'POST', body: payment, headers: { 'idempotency-key': `pd-${crypto.randomUUID()}` } });
  expect(paid.status).toBe(202);
  trackingNumber = paid.body.trackingNumber;
  expect((await client.settle(trackingNumber)).paymentProcessingStatus).toBe('Completed');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('Download my data', () => {
  it('gathers every part of the platform into one .zip the member downloads, and e-mails them when it is ready', async () => {
    const asked = await asMember<{ export: DataExport }>('/accounts/me/data-exports', { method: 'POST' });
    expect(asked.status).toBe(202);
    expect(asked.body.export).toMatchObject({ status: 'Preparing', partsTotal: 6 });
    const again = await asMember<{ detail: string }>('/accounts/me/data-exports', { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(PRIVACY_MESSAGES.exportInProgress);

    const ready = await eventually(
      async () => (await asMember<{ exports: DataExport[] }>('/accounts/me/data-exports')).body.exports[0],
      (latest) => latest?.status === 'Ready',
      60_000,
      500,
    );
    expect(ready).toMatchObject({ id: asked.body.export.id, partsDone: 6, partsTotal: 6 });

    const download = await asMember(`/accounts/me/data-exports/${ready!.id}/download`);
    expect(download.status).toBe(200);
    expect(download.response.headers.get('content-type')).toBe('application/zip');
    expect(download.response.headers.get('content-disposition')).toMatch(/^attachment; filename="koha-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = unzipSync(new Uint8Array(await download.response.arrayBuffer()));
    const data = JSON.parse(strFromU8(zip['data.json']!)) as { member: { id: string; email: string }; services: Record<string, { datasets: Record<string, { rows: Record<string, unknown>[] }> }> };
    expect(data.member).toEqual({ id: memberId, email });
    expect(Object.keys(data.services).sort()).toEqual(['accounts', 'donations', 'fundraising', 'matching', 'volunteering', 'workplace']);
    expect(data.services.accounts!.datasets.profile!.rows[0]).toMatchObject({ email, firstName: 'Hine', lastName: 'Tūhoe' });
    // Their donation, from the donations service's own part, and the one they gave as a guest with their e-mail.
    expect(data.services.donations!.datasets.donations!.rows.map((row) => row.trackingNumber)).toEqual([trackingNumber]);
    expect(data.services.donations!.datasets['guest-donations']!.rows).toEqual([expect.objectContaining({ trackingNumber: guestTrackingNumber, donorName: 'Hine T' })]);
    expect(strFromU8(zip['donations/guest-donations.csv']!)).toContain(guestTrackingNumber);
    expect(strFromU8(zip['README.txt']!)).toContain('accounts/profile.csv');
    expect(strFromU8(zip['accounts/profile.csv']!)).toContain(email);

    // Nobody else's download, and never a card number anywhere in it.
    const other = await call(`/accounts/me/data-exports/${ready!.id}/download`, { role: 'donor' });
    expect(other.status).toBe(404);
    expect(strFromU8(zip['data.json']!)).not.toContain(TEST_CARDS.approve);

    const mails = await client.receiptsFor(email);
    expect(mails.map((mail) => mail.subject)).toContain('Your Koha data is ready to download');
  });

  it('shows the back office who changed what on the member’s records, and nobody else', async () => {
    const trail = await call<{ entries: AuditEntry[] }>(`/accounts/backoffice/members/${memberId}/audit`, { role: 'backOffice' });
    expect(trail.status).toBe(200);
    const actions = trail.body.entries.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['MemberJoined', 'ProfileChanged', 'DataExportRequested', 'DataExportReady']));
    expect(trail.body.entries.find((entry) => entry.action === 'ProfileChanged')).toMatchObject({
      actor: { id: memberId },
      changes: expect.arrayContaining([{ field: 'First name', from: '', to: 'Hine' }]),
    });
    expect((await call(`/accounts/backoffice/members/${memberId}/audit`, { role: 'charityAdmin' })).status).toBe(403);
  });
});

describe('Delete my account', () => {
  it('is confirmed with the sign-in e-mail; then the sign-in is gone and every service erases the member, keeping the donation without them', async () => {
    const wrong = await asMember<{ errors: { field: string; message: string }[] }>('/accounts/me/deletion', { method: 'POST', body: { email: 'not.me@example.org' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'email', message: PRIVACY_MESSAGES.emailMismatch }]);

    const deleted = await asMember<{ deletion: { status: string; partsTotal: number } }>('/accounts/me/deletion', { method: 'POST', body: { email: email.toUpperCase() } });
    expect(deleted.status).toBe(202);
    expect(deleted.body.deletion).toMatchObject({ status: 'Erasing', partsTotal: 6 });

    // The sign-in is gone at once, and the token they still hold gets nothing of theirs.
    await expect(client.idToken(email, password)).rejects.toThrow();
    expect((await asMember('/accounts/me')).status).toBe(401);
    expect((await asMember('/accounts/me/data-exports')).status).toBe(401);

    const trail = await eventually(
      async () => (await call<{ entries: AuditEntry[] }>(`/accounts/backoffice/members/${memberId}/audit`, { role: 'backOffice' })).body.entries,
      (entries) => entries.some((entry) => entry.action === 'AccountDeleted'),
      60_000,
      500,
    );
    expect(trail.find((entry) => entry.action === 'AccountDeleted')?.detail).toMatch(/records erased, \d+ kept without their identity, across 6 parts of the platform/);

    // Out of the back office's member search; the mail it got last says so.
    const members = await call<{ items: { email: string }[] }>(`/accounts/backoffice/members?q=${encodeURIComponent(email)}`, { role: 'backOffice' });
    expect(members.body.items).toEqual([]);
    expect((await client.receiptsFor(email)).map((mail) => mail.subject)).toContain('Your Koha account has been deleted');

    // The charity's donation stays (its amount and tracking number), without the member's name or e-mail.
    const payment = await call<Record<string, unknown>>(`/donations/backoffice/payments/${trackingNumber}`, { role: 'backOffice' });
    expect(payment.status).toBe(200);
    const text = JSON.stringify(payment.body);
    expect(text).toContain(trackingNumber);
    expect(text).not.toContain(email);
    expect(text).not.toContain('Hine');
    // So does the gift they gave as a guest with their e-mail.
    const guestPayment = await call<Record<string, unknown>>(`/donations/backoffice/payments/${guestTrackingNumber}`, { role: 'backOffice' });
    expect(guestPayment.body).toMatchObject({ trackingNumber: guestTrackingNumber, status: 'Completed' });
    expect(JSON.stringify(guestPayment.body).toLowerCase()).not.toMatch(new RegExp(`${email.replace(/[.]/g, '\\.')}|hine`));
  });
});
