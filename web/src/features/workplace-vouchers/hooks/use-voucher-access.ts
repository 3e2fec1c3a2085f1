import { useParams } from 'react-router-dom';
import { satisfies, type PermissionCheck } from '@giving/shared/permissions';
import { usePermissions } from '../../../lib/account';

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

/** Who may buy vouchers for the workplace (the API's; the view permission only reads the list). */
export const BUY_VOUCHERS: PermissionCheck = { anyOf: ['Workplace_ManagePayments'] };
/** Who may read the workplace's members, to add them to an order (the API's). */
export const VIEW_MEMBERS: PermissionCheck = { anyOf: ['Workplace_ViewMembers'] };
