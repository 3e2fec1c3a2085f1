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

/** Who may change pay cycles and file structures (the view permission only reads them). */
export const MANAGE_PAY_CYCLES: PermissionCheck = { anyOf: ['Workplace_ManagePayCycles'] };
/** Who may use 'Export now' (issue 15: the pay-cycle or payments managers). */
export const EXPORT_PAYROLL: PermissionCheck = { anyOf: ['Workplace_ManagePayCycles', 'Workplace_ManagePayments'] };
/** Who may upload payroll's actuals and confirm a batch's donations (the view permission only reads them). */
export const MANAGE_PAYMENTS: PermissionCheck = { anyOf: ['Workplace_ManagePayments'] };
/** Who may upload eligibility files (the view permission only reads them and their reports). */
export const MANAGE_MEMBERS: PermissionCheck = { anyOf: ['Workplace_ManageMembers'] };
