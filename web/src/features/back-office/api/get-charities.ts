import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { charityProfileSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';
import { listSearch } from './list-query';

export const charityPageSchema = z.object({ items: z.array(charityProfileSchema), nextCursor: z.optional(z.string()) });
export type CharityPage = z.infer<typeof charityPageSchema>;

/** GET /api/accounts/backoffice/charities?q=&cursor= — every charity, searchable by name, a page at a time. */
export const getCharities = ({ q, cursor, signal }: { q?: string; cursor?: string; signal?: AbortSignal }): Promise<CharityPage> =>
  api.get(`/accounts/backoffice/charities${listSearch({ q, cursor })}`, charityPageSchema, { signal });

/** Every search's pages share this prefix, so a new charity refreshes them all. */
export const CHARITIES_KEY = [...ACCOUNT_QUERY_KEY, 'back-office', 'charities'] as const;

export const charitiesQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...CHARITIES_KEY, q],
    queryFn: ({ pageParam, signal }) => getCharities({ q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useCharities = (q: string) => useInfiniteQuery(charitiesQueryOptions(q));

/** A charity filter's choices stop here: a select of more would be unusable (the list screen searches instead). */
const CHOICE_PAGES = 40;

/** Every charity's id and name (each page in turn), sorted by name: a filter's choices. */
export async function getCharityChoices({ signal }: { signal?: AbortSignal } = {}): Promise<Array<{ value: string; label: string }>> {
  const choices: Array<{ value: string; label: string }> = [];
  let cursor: string | undefined;
  for (let page = 0; page < CHOICE_PAGES; page += 1) {
    const answer = await getCharities({ cursor, signal });
    choices.push(...answer.items.map((charity) => ({ value: charity.id, label: charity.name })));
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return choices.sort((a, b) => a.label.localeCompare(b.label));
}

// Under CHARITIES_KEY, so a new charity refreshes it too; an object, so no search text ('choices') shares its key.
export const useCharityChoices = () => useQuery({ queryKey: [...CHARITIES_KEY, { choices: true }], queryFn: ({ signal }) => getCharityChoices({ signal }) });
