import { useParams } from 'react-router-dom';
import { satisfies, type PermissionCheck } from '@giving/shared/permissions';
import { useAdminMenu, usePermissions } from '../../../lib/account';
import { useCharitySettings } from '../../../lib/charity-settings';

/** The charity the console acts in (/admin/charity/:charityId/...). */
export function useCharityId(): string {
  const { charityId = '' } = useParams();
  return charityId;
}

/** Whether the member may do something in this charity (the page guard has already loaded the allowed list). */
export function useCharityCan(check: PermissionCheck): boolean {
  const permissions = usePermissions({ charityId: useCharityId() });
  return permissions.isSuccess && satisfies(permissions.data.permissions, check);
}

/**
 * The console's title: the charity's name and logo from the account menu when the member belongs to it,
 * else (an administrator helping out) from the charity's settings.
 */
export function useCharityConsoleTitle(charityId: string): { title: string; logo?: string } {
  const menu = useAdminMenu();
  const association = menu.data?.charityAssociations.find((charity) => charity.charityId === charityId);
  const settings = useCharitySettings(charityId, { enabled: !association && !menu.isPending });
  if (association) return { title: association.charityName, logo: association.charityLogo };
  const profile = settings.data?.profile;
  return { title: profile?.name ?? 'Charity', logo: profile?.logoImageUrl || undefined };
}
