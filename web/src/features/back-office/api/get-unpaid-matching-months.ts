import { queryOptions, useQuery } from '@tanstack/react-query';
import { matchingPaymentListSchema } from '@giving/shared/contracts/matching-payments';
import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, localMonth } from '@giving/shared/local-time';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/**
 * How many campaign months have ended with matches still unpaid by their workplace: the Matching Payments screen's own
 * call (GET /api/matching/backoffice/payments?status=owed), keeping the months before this one in each currency's
 * country (this month is still being matched, so not yet due).
 */
export async function getUnpaidMatchingMonths({ now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {}): Promise<number> {
  const owed = await api.get('/matching/backoffice/payments?status=owed', matchingPaymentListSchema, { signal });
  const thisMonth = (currency: string) => localMonth(now, COUNTRY_TIME_ZONES[COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz']);
  return owed.items.filter((period) => period.owedAmount > 0 && period.period < thisMonth(period.currency)).length;
}

export const unpaidMatchingMonthsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'unpaid-matching-months'],
    queryFn: ({ signal }) => getUnpaidMatchingMonths({ signal }),
  });

/** Only for those who may open Matching Payments (BackOffice_ViewPayments or _ManagePayments). */
export const useUnpaidMatchingMonths = ({ enabled }: { enabled: boolean }) => useQuery({ ...unpaidMatchingMonthsQueryOptions(), enabled });
