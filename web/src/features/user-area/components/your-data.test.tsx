import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { PRIVACY_MESSAGES, type DataExport } from '@giving/shared/contracts/personal-data';
import { resetSessionForTests, setIdTokenProvider, setLogoutHandler, type LogoutOptions } from '../../../lib/session';
import { installFetchFake, json, problem } from '../../../testing/fetch-fake';
import { renderWithRouter } from '../../../testing/render';
import { DATA_EXPORT_POLL_MS } from '../api/get-my-data-exports';
import { YourData } from './your-data';

/** /admin/user/data: a copy of the member's data (asked for, gathered, downloaded), and deleting their account. */
const EXPORTS = '/api/accounts/me/data-exports';
const DELETION = '/api/accounts/me/deletion';

const anExport = (overrides: Partial<DataExport> = {}): DataExport => ({
  id: '01JEXPORT000000000000000001',
  status: 'Preparing',
  requestedAt: '2026-11-20T01:00:00.000Z',
  partsDone: 3,
  partsTotal: 6,
  ...overrides,
});

const ready = (overrides: Partial<DataExport> = {}) =>
  anExport({ status: 'Ready', partsDone: 6, readyAt: '2026-11-20T01:05:00.000Z', expiresAt: '2026-11-27T01:05:00.000Z', bytes: 12_345, ...overrides });

const downloadButton = () => screen.getByRole('button', { name: /^Download \(\.zip/ });

let logout: Mock<(options: LogoutOptions) => Promise<void>>;

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'dana-id-token');
  logout = vi.fn(async (_options: LogoutOptions) => undefined);
  setLogoutHandler(logout);
});

afterEach(() => {
  act(() => resetSessionForTests());
});

describe('Your data: Download my data', () => {
  it('says what the copy holds, and lists the downloads newest first: being gathered, ready to download, expired', async () => {
    const fetch = installFetchFake();
    fetch.on(
      'GET',
      EXPORTS,
      json(200, {
        exports: [
          anExport({ id: 'E1', status: 'Expired', requestedAt: '2026-10-01T01:00:00.000Z', partsDone: 6 }),
          ready({ id: 'E2', requestedAt: '2026-11-10T01:00:00.000Z', expiresAt: '2026-11-17T01:05:00.000Z' }),
          anExport({ id: 'E3', requestedAt: '2026-11-20T01:00:00.000Z' }),
        ],
      }),
    );
    renderWithRouter(<YourData />);

    expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Download my data' });
    expect(panel.textContent).toContain('everything Koha holds about you, from every part of the platform');
    expect(panel.textContent).toContain('JSON and CSV files in one .zip file');
    expect(panel.textContent).toContain('We’ll e-mail you when it’s ready, and you can download it here for 7 days');

    const list = await within(panel).findByRole('list', { name: 'Your downloads' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Asked for on/).textContent)).toEqual([
      'Asked for on 20 Nov 2026, 2:00 pm',
      'Asked for on 10 Nov 2026, 2:00 pm',
      'Asked for on 1 Oct 2026, 2:00 pm',
    ]);
    const [preparing, offered, expired] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(preparing).getByRole('status').textContent).toBe('Gathering your data… 3 of 6 parts');
    expect(within(preparing).queryByRole('button')).toBeNull();
    expect(within(offered).getByRole('status').textContent).toBe('Your data is ready to download.');
    expect(within(offered).getByRole('button', { name: 'Download (.zip, 12 KB) of your data asked for on 10 Nov 2026, 2:00 pm' })).toBeTruthy();
    expect(offered.textContent).toContain('Available until 17 Nov 2026, 2:05 pm');
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(expired.textContent).toContain('This download has expired. Ask for your data again to get a new one.');
    expect(within(expired).queryByRole('button')).toBeNull();
  });

  it('asks again every few seconds while the data is being gathered, and stops once it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = installFetchFake();
    fetch.sequence('GET', EXPORTS, [
      () => json(200, { exports: [anExport({ partsDone: 3 })] }),
      () => json(200, { exports: [anExport({ partsDone: 5 })] }),
      () => json(200, { exports: [ready()] }),
    ]);
    renderWithRouter(<YourData />, { userOptions: { advanceTimers: vi.advanceTimersByTime } });

    const status = (await screen.findByText('Gathering your data… 3 of 6 parts')).closest('[role="status"]') as HTMLElement;
    expect(status).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS));
    expect(await screen.findByText('Gathering your data… 5 of 6 parts')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS));
    expect(await screen.findByRole('button', { name: /^Download \(\.zip, 12 KB\)/ })).toBeTruthy();
    expect(screen.queryByText(/Gathering your data/)).toBeNull();
    // The same live region says it is ready.
    expect(status.isConnected).toBe(true);
    expect(status.textContent).toBe('Your data is ready to download.');

    const asked = fetch.callsTo('GET', EXPORTS).length;
    expect(asked).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS * 3));
    expect(fetch.callsTo('GET', EXPORTS)).toHaveLength(asked);
  });

  it('asks for the data: the new download shows at the top while it is gathered', async () => {
    const fetch = installFetchFake();
    let exports: DataExport[] = [ready({ id: 'OLD', requestedAt: '2026-11-01T01:00:00.000Z' })];
    fetch.on('GET', EXPORTS, () => json(200, { exports }));
    fetch.on('POST', EXPORTS, () => {
      const started = anExport({ id: 'NEW', partsDone: 0 });
      exports = [started, ...exports];
      return json(202, { export: started });
    });
    const { user } = renderWithRouter(<YourData />);

    await screen.findByRole('list', { name: 'Your downloads' });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText('We’re gathering your data. We’ll e-mail you when it’s ready.')).toBeTruthy();
    expect(fetch.callsTo('POST', EXPORTS)).toHaveLength(1);
    expect(fetch.callsTo('POST', EXPORTS)[0]?.headers.get('authorization')).toBe('Bearer dana-id-token');
    const items = within(screen.getByRole('list', { name: 'Your downloads' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('status').textContent).toBe('Gathering your data… 0 of 6 parts');
  });

  it('stops saying it is gathering once the download it asked for is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = installFetchFake();
    let exports: DataExport[] = [];
    fetch.on('GET', EXPORTS, () => json(200, { exports }));
    fetch.on('POST', EXPORTS, () => {
      exports = [anExport({ id: 'NEW', partsDone: 0 })];
      return json(202, { export: exports[0] });
    });
    const { user } = renderWithRouter(<YourData />, { userOptions: { advanceTimers: vi.advanceTimersByTime } });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('We’re gathering your data. We’ll e-mail you when it’s ready.')).toBeTruthy();
    exports = [ready({ id: 'NEW' })];
    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS));
    expect(await screen.findByRole('button', { name: /^Download \(\.zip, 12 KB\)/ })).toBeTruthy();
    expect(screen.queryByText('We’re gathering your data. We’ll e-mail you when it’s ready.')).toBeNull();
  });

  it('shows the server’s message when the data is already being gathered', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', EXPORTS, json(200, { exports: [anExport()] }));
    fetch.on('POST', EXPORTS, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: PRIVACY_MESSAGES.exportInProgress }));
    const { user } = renderWithRouter(<YourData />);

    await screen.findByText('Gathering your data… 3 of 6 parts');
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const panel = screen.getByRole('region', { name: 'Download my data' });
    expect((await within(panel).findByRole('alert')).textContent).toBe(PRIVACY_MESSAGES.exportInProgress);
    expect(within(panel).queryByText('We’re gathering your data. We’ll e-mail you when it’s ready.')).toBeNull();
  });

  it('downloads a ready .zip with the member’s sign-in, and says why when it cannot', async () => {
    const fetch = installFetchFake();
    fetch.on('GET', EXPORTS, json(200, { exports: [ready()] }));
    // The API redirects to the file's signed address; fetch follows it, and the file's own answer arrives here.
    fetch.on('GET', `${EXPORTS}/${ready().id}/download`, () => new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), { status: 200, headers: { 'content-type': 'application/zip' } }));
    const saved = captureDownloads();
    const { user } = renderWithRouter(<YourData />);

    await waitFor(() => expect(downloadButton()).toBeTruthy());
    await user.click(downloadButton());
    await waitFor(() => expect(saved.names).toEqual(['koha-my-data-2026-11-20.zip']));
    expect(fetch.callsTo('GET', `${EXPORTS}/${ready().id}/download`)[0]?.headers.get('authorization')).toBe('Bearer dana-id-token');

    fetch.on('GET', `${EXPORTS}/${ready().id}/download`, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: PRIVACY_MESSAGES.exportExpired }));
    await user.click(downloadButton());
    const item = within(screen.getByRole('list', { name: 'Your downloads' })).getByRole('listitem');
    expect((await within(item).findByRole('alert')).textContent).toBe(PRIVACY_MESSAGES.exportExpired);
    saved.restore();
  });

  it('shows why the downloads could not be loaded, with a way to try again', async () => {
    const fetch = installFetchFake();
    fetch.sequence('GET', EXPORTS, [() => problem(503, { title: 'The service is temporarily unavailable. Please try again.', code: 'Unavailable' }), () => json(200, { exports: [] })]);
    const { user } = renderWithRouter(<YourData />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We couldn’t load your downloads');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You haven’t asked for a copy of your data yet.')).toBeTruthy();
  });
});

describe('Your data: Delete my account', () => {
  function deletion() {
    const fetch = installFetchFake();
    fetch.on('GET', EXPORTS, json(200, { exports: [] }));
    const utils = renderWithRouter(<YourData />);
    const zone = screen.getByRole('region', { name: 'Delete my account' });
    const form = within(zone).getByRole('form', { name: 'Delete my account' });
    const email = within(form).getByLabelText('Type your e-mail address to confirm') as HTMLInputElement;
    const submit = within(form).getByRole('button', { name: 'Delete my account' });
    return { fetch, zone, form, email, submit, ...utils };
  }

  it('says what deleting the account does before the member confirms', () => {
    const { zone } = deletion();
    const text = zone.textContent ?? '';
    expect(text).toContain('your sign-in, your profile and your saved cards are deleted');
    expect(text).toContain('your monthly donations and memberships stop');
    expect(text).toContain('your volunteering and fundraising profiles are deleted');
    expect(text).toContain('the donations you made stay with the charities for their tax records, but no longer show your name');
    expect(text).toContain('This can’t be undone.');
    expect(text).toContain('download it first');
  });

  it('asks for the e-mail first: the field’s error, focused, and nothing sent', async () => {
    const { fetch, email, submit, user } = deletion();
    await user.click(submit);
    await waitFor(() => expect(errorOf(email)).toBe(PRIVACY_MESSAGES.confirmEmail));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(fetch.callsTo('POST', DELETION)).toHaveLength(0);
    expect(logout).not.toHaveBeenCalled();
  });

  it('shows the server’s field error under the e-mail when it is not the one the member signs in with', async () => {
    const { fetch, email, submit, user } = deletion();
    fetch.on('POST', DELETION, problem(400, { title: 'Your request has invalid fields.', code: 'ValidationFailed', errors: [{ field: 'body.email', message: PRIVACY_MESSAGES.emailMismatch }] }));
    await user.type(email, 'someone.else@example.co.nz');
    await user.click(submit);

    await waitFor(() => expect(errorOf(email)).toBe(PRIVACY_MESSAGES.emailMismatch));
    expect(document.activeElement).toBe(email);
    expect(logout).not.toHaveBeenCalled();
  });

  it('shows a refusal about no field (the only administrator of a charity) at the form, and moves focus to it', async () => {
    const { fetch, form, email, submit, user } = deletion();
    const refusal = PRIVACY_MESSAGES.lastAdministrator('Kiwi Coast Rescue');
    fetch.on('POST', DELETION, problem(409, { title: 'That conflicts with the current state.', code: 'Conflict', detail: refusal }));
    await user.type(email, 'dana.donor@demo.koha.nz');
    await user.click(submit);

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(errorOf(email)).toBeUndefined();
    expect(logout).not.toHaveBeenCalled();
  });

  it('deletes the account with the e-mail typed, then signs the member out onto the goodbye page', async () => {
    const { fetch, email, submit, user } = deletion();
    fetch.on(
      'POST',
      DELETION,
      json(202, { deletion: { id: '01JERASURE0000000000000001', status: 'Erasing', requestedAt: '2026-11-26T01:00:00.000Z', partsDone: 0, partsTotal: 6 } }),
    );
    await user.type(email, '  Dana.Donor@Demo.Koha.nz ');
    await user.click(submit);

    await waitFor(() => expect(logout).toHaveBeenCalledWith({ landOn: '/account-deleted' }));
    const [call] = fetch.callsTo('POST', DELETION);
    expect(call?.body).toEqual({ email: 'dana.donor@demo.koha.nz' });
    expect(call?.headers.get('authorization')).toBe('Bearer dana-id-token');
  });
});

/** The error text linked to a field through aria-describedby. */
function errorOf(field: HTMLElement): string | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const text = ids
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  return text || undefined;
}

/** The files handed to the browser to save (their names), instead of clicking a real download link. */
function captureDownloads() {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, restore: () => click.mockRestore() };
}
