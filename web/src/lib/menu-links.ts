import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { menuLinkListSchema } from '@giving/shared/contracts/accounts-public';
import type { CountryCode } from '@giving/shared/countries';
import { api } from './api-client';

export type MenuLinkList = z.infer<typeof menuLinkListSchema>;

/** GET /api/accounts/site/menu-links?country= — the site's navigation links (name, path), edited in the CMS. */
export const getMenuLinks = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<MenuLinkList> =>
  api.get(`/accounts/site/menu-links?country=${country}`, menuLinkListSchema, { signal });

/** One key for the header and the CMS, so saving in the CMS updates the header at once. */
export const menuLinksQueryOptions = (country: CountryCode) =>
  queryOptions({ queryKey: ['site', country, 'menu-links'], queryFn: ({ signal }) => getMenuLinks({ country, signal }), staleTime: 5 * 60_000 });

export const useMenuLinks = (country: CountryCode) => useQuery(menuLinksQueryOptions(country));
