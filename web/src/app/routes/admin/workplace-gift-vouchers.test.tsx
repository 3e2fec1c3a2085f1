import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkplaceMember } from '@giving/shared/contracts/accounts';
import { DUPLICATE_RECIPIENT, TOO_MANY_RECIPIENTS, type WorkplaceVoucher, type WorkplaceVoucherList } from '@giving/shared/contracts/vouchers';
import type { Permission } from '@giving/shared/permissions';
import { resetSessionForTests } from '../../../lib/session';
import { attachCardGateway } from '../../../testing/card-gateway-fake';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { TRACKING_NUMBER, answerCardSettings } from '../../../testing/fixtures';
import { WORKPLACE_ID, anAdminMenu, errorOf, menuLabels, renderConsole } from './testing';

// Unmount before the session resets, so nothing renders outside act().
afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
});

const menu = anAdminMenu({ corporateAssociations: [{ corporateId: WORKPLACE_ID, corporateName: 'Harbour Bank', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }] });
const workplace = {
  id: WORKPLACE_ID,
  name: 'Harbour Bank',
  country: 'nz',
  businessUnits: [
    { id: '01JUNIT000000000000000000A', name: 'Auckland' },
    { id: '01JUNIT000000000000000000W', name: 'Wellington' },
  ],
  memberCount: 3,
  createdAt: '2024-01-01T00:00:00Z',
};
const aMember = (firstName: string, lastName: string, email: string, businessUnitId?: string): WorkplaceMember => ({
  memberId: `M-${firstName}`,
  firstName,
  lastName,
  email,
  roles: ['WorkplaceGiver.Employee'],
  employmentType: 'Permanent',
  ...(businessUnitId ? { businessUnitId } : {}),
  joinedAt: '2024-02-01T00:00:00Z',
});
const members = [
  aMember('Aroha', 'Ngata', 'aroha@harbour.example', '01JUNIT000000000000000000A'),
  aMember('Wiremu', 'Parata', 'wiremu@harbour.example', '01JUNIT000000000000000000W'),
  aMember('Mere', 'Tipene', 'mere@harbour.example', '01JUNIT000000000000000000W'),
  aMember('Sam', 'Lee', 'sam@harbour.example'),
];

const LIST = `/api/donations/workplace/${WORKPLACE_ID}/vouchers`;
const ORDER = `/api/donations/workplace/${WORKPLACE_ID}/voucher-purchases`;
const STATUS = `/api/donations/payments/${TRACKING_NUMBER}/status`;
const SCREEN = `/admin/workplace/${WORKPLACE_ID}/gift-vouchers`;

const aVoucher = (n: number, overrides: Partial<WorkplaceVoucher> = {}): WorkplaceVoucher => ({
  id: `01JORDER0000000000000000${String(n).padStart(2, '0')}-01`,
  maskedCode: `••••••K${n % 10}`,
  value: { cents: 2500, currency: 'NZD' },
  voucherBalance: { cents: 2500, currency: 'NZD' },
  createdOn: '2026-11-20T21:00:00.000Z',
  expiresAt: '2027-11-20T21:00:00.000Z',
  status: 'Active',
  recipientEmail: `person${n}@harbour.example`,
  orderNumber: '01JORDER000000000000000001',
  buyerName: 'Grace Liu',
  ...overrides,
});
const totals: WorkplaceVoucherList['totals'] = [
  { currency: 'NZD', count: 3, value: { cents: 7500, currency: 'NZD' }, given: { cents: 1500, currency: 'NZD' }, remaining: { cents: 3500, currency: 'NZD' }, expired: { cents: 2500, currency: 'NZD' } },
];
const firstPage: WorkplaceVoucherList = {
  items: [
    aVoucher(1, { recipientName: 'Hine Walker', voucherBalance: { cents: 1000, currency: 'NZD' } }),
    aVoucher(2, { status: 'Expired', createdOn: '2025-10-01T00:00:00.000Z', expiresAt: '2026-10-01T00:00:00.000Z' }),
  ],
  totals,
};

const PAYMENTS_VIEWER: Permission[] = ['Workplace_ViewDashboard', 'Workplace_ViewPayments'];
const PAYMENTS_MANAGER: Permission[] = ['Workplace_ViewDashboard', 'Workplace_ManagePayments'];
const MANAGER_WITH_MEMBERS: Permission[] = [...PAYMENTS_MANAGER, 'Workplace_ViewMembers'];

function vouchersConsole({ permissions = MANAGER_WITH_MEMBERS, list = firstPage }: { permissions?: readonly Permission[]; list?: WorkplaceVoucherList } = {}) {
  const fetch = installFetchFake();
  answerCardSettings(fetch);
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/settings`, json(200, workplace));
  fetch.on('GET', `/api/accounts/workplace/${WORKPLACE_ID}/members`, json(200, { items: members }));
  fetch.on('GET', LIST, json(200, list));
  return { fetch, start: () => renderConsole(SCREEN, { fetch, menu, tenant: { workplaceId: WORKPLACE_ID }, permissions }) };
}

const table = () => screen.getByRole('table', { name: 'Gift vouchers' });
const rowsOf = (element: HTMLElement) => within(element).getAllByRole('row').slice(1).map((row) => row.textContent);

/** Opens 'Buy vouchers' with a working card frame. */
async function openOrder(user: ReturnType<typeof renderConsole>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Buy vouchers' }));
  const gateway = attachCardGateway((await screen.findByTitle('Card details')) as HTMLIFrameElement);
  await gateway.ready();
  return { gateway, form: screen.getByRole('form', { name: 'Buy vouchers' }) };
}

async function pasteLines(user: ReturnType<typeof renderConsole>['user'], text: string) {
  await user.click(screen.getByLabelText('E-mail addresses'));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Add to the list' }));
}

const emailOf = (n: number) => screen.getByLabelText(`Email of person ${n}`) as HTMLInputElement;
const nameOf = (n: number) => screen.getByLabelText(`Name of person ${n}`) as HTMLInputElement;
const listedPeople = () => Array.from({ length: within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem').length }, (_, i) => [nameOf(i + 1).value, emailOf(i + 1).value]);

describe('/admin/workplace/:id/gift-vouchers', () => {
  it('shows the totals per currency and every voucher with who has it and its balance; a viewer cannot buy', async () => {
    const { start } = vouchersConsole({ permissions: PAYMENTS_VIEWER });
    start();
    await screen.findByRole('table', { name: 'Gift vouchers' });
    expect(screen.getByRole('heading', { name: 'Gift Vouchers' })).toBeTruthy();
    const tiles = screen.getByRole('list', { name: 'Voucher totals' });
    expect(within(tiles).getAllByRole('listitem').map((tile) => tile.textContent)).toEqual([
      '$75.00Bought (3 vouchers)',
      '$15.00Given with them',
      '$35.00Still to give',
      '$25.00Expired unused',
    ]);
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Person', 'Value', 'Balance', 'Status', 'Expires', 'Bought']);
    expect(rowsOf(table())).toEqual([
      'Hine Walkerperson1@harbour.example$25.00$10.00Active21 Nov 202721 Nov 2026Order 01JORDER000000000000000001by Grace Liu',
      'person2@harbour.example$25.00$25.00Expired1 Oct 20261 Oct 2025Order 01JORDER000000000000000001by Grace Liu',
    ]);
    // The codes are never shown.
    expect(screen.queryByText(/••••••/)).toBeNull();
    expect(menuLabels('Workplace admin')).toEqual(['Dashboard', 'Payroll Payments', 'Matching Payments', 'External Donations', 'Gift Vouchers', 'Help']);
    // Buying takes Workplace_ManagePayments.
    expect(screen.queryByRole('button', { name: 'Buy vouchers' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Buy vouchers' })).toBeNull();
  });

  it('loads the next 50 with Load more', async () => {
    const { fetch, start } = vouchersConsole({ list: { ...firstPage, nextCursor: 'page-2' } });
    fetch.on('GET', `${LIST}?cursor=page-2`, json(200, { items: [aVoucher(3, { recipientName: 'Tama Rewi' })], totals }));
    const { user } = start();
    await screen.findByRole('table', { name: 'Gift vouchers' });
    expect(rowsOf(table())).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf(table())).toHaveLength(3));
    expect(within(table()).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Hine Walkerperson1@harbour.example', 'person2@harbour.example', 'Tama Rewiperson3@harbour.example']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when the workplace has bought none yet', async () => {
    const { start } = vouchersConsole({ list: { items: [], totals: [] } });
    start();
    expect(await screen.findByRole('heading', { name: 'No gift vouchers yet' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Voucher totals' })).toBeNull();
  });

  it('buys a voucher each for a business unit and pasted people: one order, value in cents, with an Idempotency-Key; then the list catches up', async () => {
    const { fetch, start } = vouchersConsole();
    fetch.on('POST', ORDER, () => {
      fetch.on('GET', LIST, json(200, { ...firstPage, items: [aVoucher(9, { recipientName: 'Wiremu Parata' }), ...firstPage.items] }));
      return json(202, { trackingNumber: TRACKING_NUMBER });
    });
    fetch.on('GET', STATUS, json(200, { trackingNumber: TRACKING_NUMBER, paymentProcessingStatus: 'Completed', messages: [] }));
    const { user } = start();
    const { form } = await openOrder(user);

    const from = within(form).getByLabelText('Add from your workplace');
    expect(within(from).getAllByRole('option').map((option) => option.textContent)).toEqual(['Everyone (4 people)', 'Auckland (1 person)', 'Wellington (2 people)', 'No business unit (1 person)']);
    await user.selectOptions(from, 'Wellington (2 people)');
    await user.click(within(form).getByRole('button', { name: 'Add Wellington' }));
    expect(within(form).getByText('Added 2 people from Wellington.')).toBeTruthy();
    await pasteLines(user, 'Hine Walker <hine@example.com>\n\n  tama@example.com  \n');
    expect(listedPeople()).toEqual([
      ['Wiremu Parata', 'wiremu@harbour.example'],
      ['Mere Tipene', 'mere@harbour.example'],
      ['Hine Walker', 'hine@example.com'],
      ['', 'tama@example.com'],
    ]);
    expect(within(form).getByText('4 people in the list.')).toBeTruthy();
    // Adding a unit again leaves the people already listed as they are.
    await user.click(within(form).getByRole('button', { name: 'Add Wellington' }));
    expect(within(form).getByText('Everyone in Wellington is already in the list.')).toBeTruthy();
    // Changed their mind about Mere.
    await user.click(within(form).getByRole('button', { name: 'Remove person 2' }));
    expect(within(form).getByText('3 people in the list.')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: '$20' }));
    await user.type(within(form).getByLabelText('Message to everyone'), 'Thank you for a great year.');
    const buy = within(form).getByRole('button', { name: 'Buy 3 vouchers for $60.00' });
    await user.click(buy);

    const notice = await screen.findByText('Payment received. The voucher codes are on their way to 3 people by e-mail; their vouchers are in the list below.');
    const [post] = fetch.callsTo('POST', ORDER);
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.body).toEqual({
      country: 'nz',
      voucherValue: 2000,
      recipients: [
        { email: 'wiremu@harbour.example', name: 'Wiremu Parata' },
        { email: 'hine@example.com', name: 'Hine Walker' },
        { email: 'tama@example.com' },
      ],
      message: 'Thank you for a great year.',
      card: { token: 'tok_approve4242abcd', cardType: 'visa', last4: '4242' },
    });
    expect(screen.queryByRole('form', { name: 'Buy vouchers' })).toBeNull();
    await waitFor(() => expect(within(table()).getAllByRole('rowheader')[0]?.textContent).toBe('Wiremu Parataperson9@harbour.example'));
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')?.contains(document.activeElement)).toBe(true));
  });

  it('flags a wrong address and a repeated one in the list, in the spec’s and the contract’s words, and sends nothing', async () => {
    const { fetch, start } = vouchersConsole();
    const { user } = start();
    const { form, gateway } = await openOrder(user);
    await pasteLines(user, 'aroha@example.com\nnot-an-email\nBen Tui <ben@example.com>\nAROHA@example.com ');
    expect(listedPeople()).toEqual([
      ['', 'aroha@example.com'],
      ['', 'not-an-email'],
      ['Ben Tui', 'ben@example.com'],
      ['', 'AROHA@example.com'],
    ]);
    // Flagged as they join the list.
    await waitFor(() => expect(errorOf(emailOf(2))).toBe('Invalid Email!'));
    expect(errorOf(emailOf(4))).toBe(DUPLICATE_RECIPIENT);
    expect(errorOf(emailOf(1))).toBeUndefined();
    expect(errorOf(emailOf(3))).toBeUndefined();

    await user.click(within(form).getByRole('button', { name: 'Buy 4 vouchers for $200.00' }));
    await waitFor(() => expect(document.activeElement).toBe(emailOf(2)));
    expect(fetch.callsTo('POST', ORDER)).toHaveLength(0);
    expect(gateway.tokeniseRequests()).toHaveLength(0);

    // Corrected, and the repeat removed: the flags go.
    await user.clear(emailOf(2));
    await user.type(emailOf(2), 'mere@example.com');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Remove person 4' }));
    await waitFor(() => expect(errorOf(emailOf(2))).toBeUndefined());
    expect(within(form).getByRole('button', { name: 'Buy 3 vouchers for $150.00' })).toBeTruthy();
  });

  it('holds an order to 99 people and asks for someone before paying', async () => {
    const { fetch, start } = vouchersConsole();
    const { user } = start();
    const { form } = await openOrder(user);
    await user.click(within(form).getByRole('button', { name: 'Buy vouchers' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('E-mail addresses'))).toBe('Add at least one person.'));
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail addresses'));

    await pasteLines(user, Array.from({ length: 100 }, (_, i) => `person${i}@example.com`).join('\n'));
    expect(within(form).getByText('100 people in the list.')).toBeTruthy();
    await waitFor(() => expect(errorOf(screen.getByLabelText('E-mail addresses'))).toBe(TOO_MANY_RECIPIENTS));
    await user.click(within(form).getByRole('button', { name: 'Buy 100 vouchers for $5,000.00' }));
    expect(fetch.callsTo('POST', ORDER)).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Remove person 100' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('E-mail addresses'))).toBeUndefined());
  });

  it('checks the value as the voucher page does', async () => {
    const { fetch, start } = vouchersConsole();
    const { user } = start();
    const { form } = await openOrder(user);
    await pasteLines(user, 'aroha@example.com');
    const value = within(form).getByLabelText('Voucher Value');
    await user.clear(value);
    await user.type(value, '1000.01');
    await user.click(within(form).getByRole('button', { name: 'Buy vouchers' }));
    await waitFor(() => expect(errorOf(value)).toBe('Invalid Amount!'));
    expect(fetch.callsTo('POST', ORDER)).toHaveLength(0);
    await user.clear(value);
    await user.type(value, '35.5');
    expect(within(form).getByRole('button', { name: 'Buy 1 voucher for $35.50' })).toBeTruthy();
  });

  it('puts the API’s field error on the person it names', async () => {
    const { fetch, start } = vouchersConsole();
    fetch.on('POST', ORDER, problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.recipients.1.email', message: 'Invalid Email!' }] }));
    const { user } = start();
    const { form } = await openOrder(user);
    await pasteLines(user, 'aroha@example.com\nben@example.com\ncara@example.com');
    await user.click(within(form).getByRole('button', { name: 'Buy 3 vouchers for $150.00' }));
    await waitFor(() => expect(errorOf(emailOf(2))).toBe('Invalid Email!'));
    expect(document.activeElement).toBe(emailOf(2));
    expect(errorOf(emailOf(1))).toBeUndefined();
    expect(errorOf(emailOf(3))).toBeUndefined();
    expect(screen.queryByText(/on their way/)).toBeNull();
  });

  it('offers only pasting people to a payments manager who may not read the members', async () => {
    const { fetch, start } = vouchersConsole({ permissions: PAYMENTS_MANAGER });
    const { user } = start();
    const { form } = await openOrder(user);
    expect(within(form).queryByLabelText('Add from your workplace')).toBeNull();
    expect(within(form).getByLabelText('E-mail addresses')).toBeTruthy();
    expect(fetch.callsTo('GET', `/api/accounts/workplace/${WORKPLACE_ID}/members`)).toHaveLength(0);
    // Cancel closes the form and focus goes back to the button that opened it.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Buy vouchers' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Buy vouchers' })));
  });
});
