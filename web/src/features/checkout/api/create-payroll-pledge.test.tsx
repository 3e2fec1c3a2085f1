import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAYROLL_PLEDGES_QUERY_KEY } from '../../../lib/account-queries';
import { resetSessionForTests, setIdTokenProvider } from '../../../lib/session';
import { installFetchFake, json } from '../../../testing/fetch-fake';
import { createTestQueryClient } from '../../../testing/render';
import { useCreatePayrollPledge } from './create-payroll-pledge';

beforeEach(() => {
  resetSessionForTests();
  setIdTokenProvider(async () => 'wiremu-id-token');
});
afterEach(() => act(() => resetSessionForTests()));

describe('useCreatePayrollPledge', () => {
  it('marks the member’s pledges (Upcoming donations) out of date once a pledge is stored', async () => {
    const fetch = installFetchFake();
    fetch.on(
      'POST',
      '/api/donations/me/payroll-pledges',
      json(201, {
        pledgeId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
        pageType: 'CHARITY',
        country: 'nz',
        workplace: { id: 'w1', name: 'Tasman Engineering' },
        charity: { id: 'c1', name: 'Kiwi Coast Rescue', charityUrl: 'kiwi-coast-rescue' },
        quantity: 1,
        amount: { cents: 2000, currency: 'NZD' },
        total: { cents: 2000, currency: 'NZD' },
        donationFrequency: 'EveryPayCycle',
        isAnonymous: false,
        status: 'Active',
        createdAt: '2026-11-21T09:00:00.000Z',
      }),
    );
    const queryClient = createTestQueryClient();
    // Read a moment ago: fresh, so opening Upcoming donations would not ask again.
    queryClient.setQueryData(PAYROLL_PLEDGES_QUERY_KEY, { items: [] });
    const { result } = renderHook(() => useCreatePayrollPledge(), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    expect(queryClient.getQueryState(PAYROLL_PLEDGES_QUERY_KEY)?.isInvalidated).toBe(false);

    result.current.mutate({
      request: { pageType: 'CHARITY', country: 'nz', charityId: 'c1', amount: 2000, donationFrequency: 'EveryPayCycle', anonymousDonation: false },
      idempotencyKey: 'k1',
    });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryState(PAYROLL_PLEDGES_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});
