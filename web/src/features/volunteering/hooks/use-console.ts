import { useParams } from 'react-router-dom';
import { satisfies, type Permission } from '@giving/shared/permissions';
import { usePermissions } from '../../../lib/account';
import { useCharitySettings } from '../../../lib/charity-settings';

/**
 * The charity console's volunteering screens (/admin/charity/:charityId/...): the charity, whether the member may
 * change things, and the charity's country, whose wall clock its roles' days and times use (undefined until the
 * charity's settings have loaded; `charity` is that query, for its loading and error states).
 */
export function useVolunteeringConsole(manage: Permission = 'Charity_VolunteeringManage') {
  const { charityId = '' } = useParams();
  const permissions = usePermissions({ charityId });
  const charity = useCharitySettings(charityId);
  return {
    charityId,
    canManage: permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: [manage] }),
    charity,
    country: charity.data?.profile.country,
  };
}
