import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { updateMenuLinksSchema } from '@giving/shared/contracts/accounts';
import type { CountryCode } from '@giving/shared/countries';
import { api } from '../../../lib/api-client';
import { menuLinksQueryOptions } from './get-menu-links';

export type UpdateMenuLinks = z.output<typeof updateMenuLinksSchema>;

/** PUT /api/accounts/site/menu-links?country= — replaces the country's navigation links (content admins). */
export const updateMenuLinks = ({ country, links }: { country: CountryCode; links: UpdateMenuLinks }): Promise<unknown> =>
  api.put(`/accounts/site/menu-links?country=${country}`, links, z.unknown());

export function useUpdateMenuLinks(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (links: UpdateMenuLinks) => updateMenuLinks({ country, links }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuLinksQueryOptions(country).queryKey }),
  });
}
