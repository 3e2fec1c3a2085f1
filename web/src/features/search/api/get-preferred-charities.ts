import { queryOptions, useQueries } from '@tanstack/react-query';
import { workplaceCharityListSchema } from '@giving/shared/contracts/accounts';
import { ROLE_PERMISSIONS } from '@giving/shared/permissions';
import { ACCOUNT_QUERY_KEY, useAdminMenu } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/**
 * Spec 2 §2's 'Preferred charity partner' tag. The data that says a charity is a workplace's partner is the list of
 * charities the workplace supports (accounts, the workplace console's Charities). Only the roles that may view that
 * list can read it (Workplace_ViewCharities), so the tag shows for them; other members and visitors see no tag.
 */
const READS_PARTNERS = 'Workplace_ViewCharities';
const mayReadPartners = (roleName: string) => ((ROLE_PERMISSIONS as Readonly<Record<string, readonly string[]>>)[roleName] ?? []).includes(READS_PARTNERS);

/** GET /api/accounts/workplace/{workplaceId}/charities — the charities the workplace supports. */
export const getWorkplacePartners = ({ workplaceId, signal }: { workplaceId: string; signal?: AbortSignal }) =>
  api.get(`/accounts/workplace/${encodeURIComponent(workplaceId)}/charities`, workplaceCharityListSchema, { signal });

/** The workplace console's key for the same list: one cache for both. */
export const workplacePartnersQueryOptions = (workplaceId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'workplace-console', workplaceId, 'charities'],
    queryFn: ({ signal }) => getWorkplacePartners({ workplaceId, signal }),
    staleTime: 5 * 60_000,
  });

/** The ids of the charities the signed-in member's workplaces support (empty for visitors, and while loading). */
export function usePreferredCharityIds(): ReadonlySet<string> {
  const menu = useAdminMenu();
  const workplaces = (menu.data?.corporateAssociations ?? []).filter((workplace) => workplace.corporateRoles.some((role) => mayReadPartners(role.roleName)));
  const lists = useQueries({ queries: workplaces.map((workplace) => workplacePartnersQueryOptions(workplace.corporateId)) });
  return new Set(lists.flatMap((list) => list.data?.items.map((charity) => charity.charityId) ?? []));
}
