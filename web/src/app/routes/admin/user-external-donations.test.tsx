import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMenu } from '@giving/shared/contracts/accounts';
import type { ExternalDonation } from '@giving/shared/contracts/workplace-payroll';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { resetSessionForTests } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { MEMBER_WORKPLACE_ID, anExternalDonation } from '../../../testing/workplace-records-fixtures';
import { anAdminMenu, errorOf, menuLabels, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.restoreAllMocks();
});

const MINE = '/api/workplace/me/external-donations';
const OTHER_WORKPLACE_ID = '01JWRKP0000000000000000002';
const harbour = { corporateId: MEMBER_WORKPLACE_ID, corporateName: 'Harbour Bank', corporateRoles: [{ roleName: 'WorkplaceGiver.Employee' }] };
const tasman = { corporateId: OTHER_WORKPLACE_ID, corporateName: 'Tasman Engineering', corporateRoles: [{ roleName: 'WorkplaceGiver.Employee' }] };

/** The day `days` from today in New Zealand, as YYYY-MM-DD. */
const nzDay = (days: number) => {
  const today = Date.parse(`${localDay(new Date(), COUNTRY_TIME_ZONES.nz)}T00:00:00Z`);
  return new Date(today + days * 86_400_000).toISOString().slice(0, 10);
};

function externalDonations({ menu = anAdminMenu({ corporateAssociations: [harbour] }), items = [] }: { menu?: AdminMenu; items?: ExternalDonation[] } = {}) {
  const fetch = installFetchFake();
  fetch.on('GET', MINE, json(200, { items }));
  return { fetch, start: () => renderConsole('/admin/user/donations/external', { fetch, menu, permissions: ['User_ViewDonations'] }) };
}

const form = () => screen.getByRole('form', { name: 'Record a donation' });
const receiptInput = () => screen.getByLabelText<HTMLInputElement>('Receipt', { selector: 'input' });
// (user-event's upload does not reach file inputs in happy-dom; a change event is what the browser sends.)
const choose = (file: File) => fireEvent.change(receiptInput(), { target: { files: [file] } });
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n';
const aReceipt = () => new File([PDF], 'forest-and-bird.pdf', { type: 'application/pdf' });
const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

describe('external donations (user area)', () => {
  it('records a donation made elsewhere: cents, the receipt as base64, and an Idempotency-Key', async () => {
    const { fetch, start } = externalDonations();
    const donatedOn = nzDay(-10);
    fetch.on('POST', MINE, (request) => {
      fetch.on('GET', MINE, json(200, { items: [anExternalDonation({ donatedOn, amount: { cents: 4_995, currency: 'NZD' } })] }));
      const body = request.body as { charityName: string };
      return json(201, anExternalDonation({ charityName: body.charityName, amount: { cents: 4_995, currency: 'NZD' }, donatedOn }));
    });
    const { user } = start();

    expect(await screen.findByRole('form', { name: 'Record a donation' })).toBeTruthy();
    expect(screen.getByText('Record a donation you made elsewhere, so your workplace can match it.')).toBeTruthy();
    expect(menuLabels('My Account')).toEqual(['Dashboard', 'Donation History', 'Upcoming Donations', 'External Donations', 'Memberships', 'Settings', 'Your data', 'Help']);
    // The member's only workplace is chosen.
    expect((within(form()).getByLabelText('Workplace') as HTMLSelectElement).value).toBe(MEMBER_WORKPLACE_ID);
    expect(within(within(form()).getByRole('group', { name: 'The donation' })).getByLabelText('Charity')).toBeTruthy();
    expect(receiptInput().accept).toBe('.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png');

    await user.type(within(form()).getByLabelText('Charity'), '  Forest & Bird ');
    await user.type(within(form()).getByLabelText('Amount'), '49.95');
    await user.type(within(form()).getByLabelText('Date donated'), donatedOn);
    await user.type(within(form()).getByLabelText('Note for your workplace (optional)'), 'Given at the winter appeal.');
    choose(aReceipt());
    expect(await within(form()).findByText(/^forest-and-bird\.pdf \(1 KB\) will be sent with the donation\.$/)).toBeTruthy();
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));

    const recorded = await screen.findByText(/^Recorded: your \$49\.95 donation to Forest & Bird\./);
    expect(recorded.textContent).toBe('Recorded: your $49.95 donation to Forest & Bird. Harbour Bank will approve or decline it; you’ll see which below.');
    const [call] = fetch.callsTo('POST', MINE);
    expect(call?.body).toEqual({
      workplaceId: MEMBER_WORKPLACE_ID,
      charityName: 'Forest & Bird',
      amount: 4_995,
      donatedOn,
      note: 'Given at the winter appeal.',
      receipt: { fileName: 'forest-and-bird.pdf', contentType: 'application/pdf', data: base64(PDF) },
    });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    // The form starts again, empty; the list shows the new donation.
    expect((within(form()).getByLabelText('Charity') as HTMLInputElement).value).toBe('');
    const list = await screen.findByRole('list', { name: 'Your external donations' });
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Forest & Bird$49.95');
  });

  it('checks the form first: required fields, dollars and cents, no future date, a receipt; focus goes to the first', async () => {
    const { fetch, start } = externalDonations();
    const { user } = start();
    await screen.findByRole('form', { name: 'Record a donation' });
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));

    const charity = within(form()).getByLabelText('Charity');
    await waitFor(() => expect(errorOf(charity)).toBe('Required Field!'));
    expect(document.activeElement).toBe(charity);
    expect(errorOf(within(form()).getByLabelText('Amount'))).toBe('Invalid Amount!');
    expect(errorOf(within(form()).getByLabelText('Date donated'))).toBe('Required Field!');
    const zone = within(form()).getByRole('group', { name: 'Receipt' });
    expect(within(zone).getByRole('button', { name: 'Choose file' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form()).getByText('Upload the receipt.')).toBeTruthy();

    await user.type(charity, 'Forest & Bird');
    await user.type(within(form()).getByLabelText('Amount'), '12.345');
    await user.type(within(form()).getByLabelText('Date donated'), nzDay(2));
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));
    await waitFor(() => expect(errorOf(within(form()).getByLabelText('Amount'))).toBe('Invalid Amount!'));
    expect(errorOf(within(form()).getByLabelText('Date donated'))).toBe('The donation date is in the future.');
    expect(document.activeElement).toBe(within(form()).getByLabelText('Amount'));

    const amount = within(form()).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '0.50');
    const date = within(form()).getByLabelText('Date donated');
    await user.clear(date);
    await user.type(date, nzDay(-1));
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));
    await waitFor(() => expect(errorOf(amount)).toBe('Record a donation of at least $1.00.'));
    expect(errorOf(date)).toBeUndefined();

    // With everything else right, the receipt is what is focused.
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));
    await waitFor(() => expect(document.activeElement).toBe(within(zone).getByRole('button', { name: 'Choose file' })));
    expect(fetch.callsTo('POST', MINE)).toHaveLength(0);
  });

  it('refuses a receipt over 2 MB, and a file that is not a PDF, JPEG or PNG, without reading or sending it', async () => {
    const { fetch, start } = externalDonations();
    start();
    await screen.findByRole('form', { name: 'Record a donation' });
    const big = new File(['%PDF-'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 + 1 });
    const read = vi.spyOn(big, 'arrayBuffer');
    choose(big);
    expect(await within(form()).findByText('The receipt is larger than 2 MB.')).toBeTruthy();
    expect(read).not.toHaveBeenCalled();

    const zone = within(form()).getByRole('group', { name: 'Receipt' });
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'receipt.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })], types: ['Files'] } });
    expect(within(form()).getByText('receipt.docx can’t be used here. Choose a PDF, JPEG or PNG file (.pdf, .jpg, .jpeg or .png).')).toBeTruthy();
    expect(fetch.callsTo('POST', MINE)).toHaveLength(0);
  });

  it('puts the API’s field errors on their fields, the receipt’s under the drop zone', async () => {
    const { fetch, start } = externalDonations();
    fetch.on(
      'POST',
      MINE,
      problem(400, {
        title: 'Your request has invalid fields.',
        code: 'ValidationFailed',
        errors: [
          { field: 'body.donatedOn', message: 'Record donations made in the last 12 months.' },
          { field: 'body.receipt.data', message: 'The receipt is not the PDF, JPEG or PNG it says it is.' },
        ],
      }),
    );
    const { user } = start();
    await screen.findByRole('form', { name: 'Record a donation' });
    await user.type(within(form()).getByLabelText('Charity'), 'Forest & Bird');
    await user.type(within(form()).getByLabelText('Amount'), '50');
    await user.type(within(form()).getByLabelText('Date donated'), nzDay(-400));
    choose(new File(['not a pdf'], 'receipt.pdf', { type: 'application/pdf' }));
    await within(form()).findByText(/will be sent with the donation/);
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));

    const date = within(form()).getByLabelText('Date donated');
    await waitFor(() => expect(errorOf(date)).toBe('Record donations made in the last 12 months.'));
    expect(document.activeElement).toBe(date);
    expect(within(form()).getByText('The receipt is not the PDF, JPEG or PNG it says it is.')).toBeTruthy();
  });

  it('shows why the API refused it (403)', async () => {
    const { fetch, start } = externalDonations();
    fetch.on('POST', MINE, problem(403, { title: 'You do not have permission to do that.', code: 'Forbidden', detail: 'Only members of the workplace can record donations for it.' }));
    const { user } = start();
    await screen.findByRole('form', { name: 'Record a donation' });
    await user.type(within(form()).getByLabelText('Charity'), 'Forest & Bird');
    await user.type(within(form()).getByLabelText('Amount'), '50');
    await user.type(within(form()).getByLabelText('Date donated'), nzDay(-3));
    choose(aReceipt());
    await within(form()).findByText(/will be sent with the donation/);
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('Only members of the workplace can record donations for it.');
  });

  it('sends the same Idempotency-Key when a request got no answer and is retried, and a new key for the next donation', async () => {
    const { fetch, start } = externalDonations();
    fetch.sequence('POST', MINE, [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(201, anExternalDonation()),
      () => json(201, anExternalDonation({ charityName: 'City Mission' })),
    ]);
    const { user } = start();
    await screen.findByRole('form', { name: 'Record a donation' });
    const fill = async (charity: string) => {
      await user.type(within(form()).getByLabelText('Charity'), charity);
      await user.type(within(form()).getByLabelText('Amount'), '50');
      await user.type(within(form()).getByLabelText('Date donated'), nzDay(-3));
      choose(aReceipt());
      await within(form()).findByText(/will be sent with the donation/);
      await user.click(within(form()).getByRole('button', { name: 'Record donation' }));
    };
    await fill('Forest & Bird');
    // The mutation retries the unanswered request itself (after 2 seconds), with the same key.
    await screen.findByText(/^Recorded: your \$50\.00 donation to Forest & Bird\./, undefined, { timeout: 5000 });
    await fill('City Mission');
    await screen.findByText(/^Recorded: your \$50\.00 donation to City Mission\./);
    const keys = fetch.callsTo('POST', MINE).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  }, 10_000);

  it('offers a member of several workplaces the choice, and requires it', async () => {
    const { fetch, start } = externalDonations({ menu: anAdminMenu({ corporateAssociations: [harbour, tasman] }) });
    fetch.on('POST', MINE, json(201, anExternalDonation({ workplaceId: OTHER_WORKPLACE_ID, workplaceName: 'Tasman Engineering' })));
    const { user } = start();
    await screen.findByRole('form', { name: 'Record a donation' });
    const workplace = within(form()).getByLabelText('Workplace');
    expect(within(workplace).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a workplace', 'Harbour Bank', 'Tasman Engineering']);
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));
    await waitFor(() => expect(errorOf(workplace)).toBe('Required Field!'));
    expect(document.activeElement).toBe(workplace);
    await user.selectOptions(workplace, 'Tasman Engineering');
    await user.type(within(form()).getByLabelText('Charity'), 'Forest & Bird');
    await user.type(within(form()).getByLabelText('Amount'), '50');
    await user.type(within(form()).getByLabelText('Date donated'), nzDay(-3));
    choose(aReceipt());
    await within(form()).findByText(/will be sent with the donation/);
    await user.click(within(form()).getByRole('button', { name: 'Record donation' }));
    expect(await screen.findByText(/Tasman Engineering will approve or decline it/)).toBeTruthy();
    expect((fetch.callsTo('POST', MINE)[0]?.body as { workplaceId: string }).workplaceId).toBe(OTHER_WORKPLACE_ID);
  });

  it('tells a member of no workplace that only workplace members can record one, without the form', async () => {
    const { fetch, start } = externalDonations({ menu: anAdminMenu() });
    start();
    expect(await screen.findByRole('heading', { name: 'Only workplace members can record an external donation' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Record a donation' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Receipt' })).toBeNull();
    // Nothing recorded, so no list either.
    await waitFor(() => expect(fetch.callsTo('GET', MINE)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your external donations' })).toBeNull());
    expect(screen.queryByText('Loading your external donations')).toBeNull();
  });

  it('still lists what a member of no workplace recorded while they were in one', async () => {
    const { start } = externalDonations({ menu: anAdminMenu(), items: [anExternalDonation({ status: 'Approved' })] });
    start();
    const list = await screen.findByRole('list', { name: 'Your external donations' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Forest & Bird$50.00Donated 2 Apr 2026 · Harbour BankApprovedReceipt']);
    expect(screen.queryByRole('form', { name: 'Record a donation' })).toBeNull();
  });

  it('lists the member’s donations with what their workplace decided', async () => {
    const items = [
      anExternalDonation(),
      anExternalDonation({ id: '01JEXTDN000000000000000002', charityName: 'City Mission', amount: { cents: 12_550, currency: 'NZD' }, donatedOn: '2026-03-20', status: 'Approved' }),
      anExternalDonation({
        id: '01JEXTDN000000000000000003',
        charityName: 'Bush Rescue',
        workplaceName: 'Tasman Engineering',
        amount: { cents: 2_000, currency: 'AUD' },
        donatedOn: '2026-03-01',
        status: 'Declined',
        declineReason: 'The receipt is for a raffle ticket.',
      }),
    ];
    const { start } = externalDonations({ items });
    start();
    const list = await screen.findByRole('list', { name: 'Your external donations' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Forest & Bird$50.00Donated 2 Apr 2026 · Harbour BankWaiting for your workplaceReceipt',
      'City Mission$125.50Donated 20 Mar 2026 · Harbour BankApprovedReceipt',
      'Bush Rescue$20.00Donated 1 Mar 2026 · Tasman EngineeringDeclinedReason: The receipt is for a raffle ticket.Receipt',
    ]);
  });

  it('downloads the receipt the member sent with a donation, and says why when it cannot', async () => {
    const donation = anExternalDonation();
    const { fetch, start } = externalDonations({ items: [donation] });
    fetch.on(
      'GET',
      `${MINE}/${donation.id}/receipt`,
      () => new Response('%PDF-1.4 receipt', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="forest-and-bird-receipt.pdf"' } }),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = start();
    const button = await screen.findByRole('button', { name: `Download the receipt for Forest & Bird, ${donation.receiptFileName}` });
    await user.click(button);
    await waitFor(() => expect(clicked).toEqual(['forest-and-bird-receipt.pdf']));
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.4 receipt');

    fetch.on('GET', `${MINE}/${donation.id}/receipt`, problem(404, { title: 'Not found.', code: 'NotFound', detail: 'The external donation was not found.' }));
    await user.click(button);
    expect(await screen.findByText('We couldn’t download the receipt: The external donation was not found.')).toBeTruthy();
  });
});
