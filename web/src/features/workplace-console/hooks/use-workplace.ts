import { useParams } from 'react-router-dom';
import { satisfies, type PermissionCheck } from '@giving/shared/permissions';
import { useAdminMenu, usePermissions } from '../../../lib/account';
import { useWorkplace } from '../api/get-workplace';

/** The workplace the console acts in (/admin/workplace/:workplaceId/...). */
export function useWorkplaceId(): string {
  const { workplaceId = '' } = useParams();
  return workplaceId;
}

/** Whether the member may do something in this workplace (the page guard has already loaded the allowed list). */
export function useWorkplaceCan(check: PermissionCheck): boolean {
  const permissions = usePermissions({ workplaceId: useWorkplaceId() });
  return permissions.isSuccess && satisfies(permissions.data.permissions, check);
}

/** The console's title: the workplace's name and logo from the account menu, else from its settings. */
export function useWorkplaceConsoleTitle(workplaceId: string): { title: string; logo?: string } {
  const menu = useAdminMenu();
  const association = menu.data?.corporateAssociations.find((corporate) => corporate.corporateId === workplaceId);
  const workplace = useWorkplace(workplaceId, { enabled: !association && !menu.isPending });
  if (association) return { title: association.corporateName, logo: association.corporateLogo };
  return { title: workplace.data?.name ?? 'Workplace', logo: workplace.data?.logo || undefined };
}
