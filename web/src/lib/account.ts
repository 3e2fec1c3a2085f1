import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMenuSchema, permissionListSchema, type AdminMenu, type PermissionList } from '@giving/shared/contracts/accounts';
import { canOpenConsole } from '@giving/shared/permissions';
import { api } from './api-client';
import { useSession } from './session';
import { ACCOUNT_QUERY_KEY } from './account-queries';

export { ACCOUNT_QUERY_KEY, clearAccountQueries } from './account-queries';

/** GET /api/accounts/me — the account menu's data (primary account, associations, admin and corporate roles). */
export const getAdminMenu = ({ signal }: { signal?: AbortSignal } = {}): Promise<AdminMenu> => api.get('/accounts/me', adminMenuSchema, { signal });

export const adminMenuQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'me'],
    queryFn: ({ signal }) => getAdminMenu({ signal }),
    // Roles and associations change rarely, and never while the menu is open.
    staleTime: 5 * 60_000,
  });

/** The signed-in member's admin menu; idle while signed out. */
export function useAdminMenu() {
  const session = useSession();
  return useQuery({ ...adminMenuQueryOptions(), enabled: session.status === 'signedIn' });
}

/** A charity or workplace whose console the member can open. */
export interface OpenableAccount {
  kind: 'charity' | 'workplace';
  id: string;
  name: string;
}

/**
 * Spec §2 Account: where the account menu's items go. A charity's or workplace's console opens at its dashboard, under
 * the country when one is given.
 */
export const accountPaths = {
  myAccount: '/admin/user/dashboard',
  managementConsole: '/admin/backoffice/dashboard',
  cms: '/admin/cms',
  console: ({ kind, id }: Pick<OpenableAccount, 'kind' | 'id'>, country?: string) => `${country ? `/${country}` : ''}/admin/${kind}/${encodeURIComponent(id)}/dashboard`,
} as const;

/**
 * The charities and workplaces whose consoles the member can open ('Switch accounts' and the consoles' own addresses
 * without an id): a workplace's employees belong to it but have no console there.
 */
export function openableAccounts(menu: AdminMenu | undefined): OpenableAccount[] {
  const adminRoles = menu?.adminRoles ?? [];
  return [
    ...(menu?.charityAssociations ?? [])
      .filter((c) => canOpenConsole('charity', c.roles, adminRoles))
      .map((c): OpenableAccount => ({ kind: 'charity', id: c.charityId, name: c.charityName })),
    ...(menu?.corporateAssociations ?? [])
      .filter((c) => canOpenConsole('workplace', c.corporateRoles.map((role) => role.roleName), adminRoles))
      .map((c): OpenableAccount => ({ kind: 'workplace', id: c.corporateId, name: c.corporateName })),
  ];
}

/** The tenant a permission list is asked for: a charity, a workplace, or neither (site and back office). */
export interface PermissionTenant {
  charityId?: string;
  workplaceId?: string;
}

/** GET /api/accounts/me/permissions?charityId=|workplaceId= — the allowed list menus and page guards check (spec §6). */
export const getPermissions = ({ tenant = {}, signal }: { tenant?: PermissionTenant; signal?: AbortSignal } = {}): Promise<PermissionList> => {
  const query = new URLSearchParams();
  if (tenant.charityId) query.set('charityId', tenant.charityId);
  if (tenant.workplaceId) query.set('workplaceId', tenant.workplaceId);
  const search = query.toString();
  return api.get(`/accounts/me/permissions${search ? `?${search}` : ''}`, permissionListSchema, { signal });
};

export const permissionsQueryOptions = (tenant: PermissionTenant = {}) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'permissions', { charityId: tenant.charityId ?? null, workplaceId: tenant.workplaceId ?? null }],
    queryFn: ({ signal }) => getPermissions({ tenant, signal }),
  });

/** The signed-in member's allowed list, in one charity or workplace when given; idle while signed out. */
export function usePermissions(tenant: PermissionTenant = {}) {
  const session = useSession();
  return useQuery({ ...permissionsQueryOptions(tenant), enabled: session.status === 'signedIn' });
}
