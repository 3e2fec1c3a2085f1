import { useParams } from 'react-router-dom';
import { satisfies, type PermissionCheck } from '@giving/shared/permissions';
import { usePermissions, type PermissionTenant } from '../../../lib/account';

/** The charity the console acts in (/admin/charity/:charityId/...). */
export function useCharityId(): string {
  const { charityId = '' } = useParams();
  return charityId;
}

/** Whether the member may do something here (the page guard has already loaded this allowed list). */
export function useCan(check: PermissionCheck, tenant: PermissionTenant = {}): boolean {
  const permissions = usePermissions(tenant);
  return permissions.isSuccess && satisfies(permissions.data.permissions, check);
}
