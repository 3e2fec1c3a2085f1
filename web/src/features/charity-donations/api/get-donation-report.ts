import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { donationReportPageSchema, type DonationReportFilter, type DonationReportPage } from '@giving/shared/contracts/charity-reports';
import { api, fetchFile, type DownloadedFile } from '../../../lib/api-client';
import { charityDonationsKey } from './keys';

/** '?from=&to=&giftId=&paymentType=' with the blank filters left out. */
export function reportSearch(filter: DonationReportFilter, cursor?: string): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `?${text}` : '';
}

const reportPath = (charityId: string) => `/donations/charity/${encodeURIComponent(charityId)}/donations`;

/** GET /api/donations/charity/{charityId}/donations — a page, newest first; the first page carries the totals. */
export const getDonationReport = ({ charityId, filter, cursor, signal }: { charityId: string; filter: DonationReportFilter; cursor?: string; signal?: AbortSignal }): Promise<DonationReportPage> =>
  api.get(`${reportPath(charityId)}${reportSearch(filter, cursor)}`, donationReportPageSchema, { signal });

export const donationReportQueryOptions = (charityId: string, filter: DonationReportFilter) =>
  infiniteQueryOptions({
    queryKey: [...charityDonationsKey(charityId), 'donation-report', filter],
    queryFn: ({ pageParam, signal }) => getDonationReport({ charityId, filter, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useDonationReport = (charityId: string, filter: DonationReportFilter) => useInfiniteQuery(donationReportQueryOptions(charityId, filter));

/** GET /api/donations/charity/{charityId}/donations/csv — the same donations as a CSV file. */
export const downloadDonationReport = ({ charityId, filter }: { charityId: string; filter: DonationReportFilter }): Promise<DownloadedFile> =>
  fetchFile(`${reportPath(charityId)}/csv${reportSearch(filter)}`, { fallbackName: 'donations.csv' });
