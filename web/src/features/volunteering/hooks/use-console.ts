import { useParams } from 'react-router-dom';
import { satisfies, type Permission } from '@giving/shared/permissions';
import type { CountryCode } from '@giving/shared/countries';
import { usePermissions } from '../../../lib/account';
import { DEFAULT_COUNTRY } from '../../../lib/country';

/** The charity console's volunteering screens: the charity (/admin/charity/:charityId/...) and whether the member may change things. */
export function useVolunteeringConsole(manage: Permission = 'Charity_VolunteeringManage') {
  const { charityId = '' } = useParams();
  const permissions = usePermissions({ charityId });
  return { charityId, canManage: permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: [manage] }) };
}

/**
 * The country whose days and times a console's roles use: the roles' own country (every role of a charity is in the
 * charity's country), else the site's default until the charity has a role.
 */
export const consoleCountry = (items: readonly { country: CountryCode }[] | undefined): CountryCode => items?.[0]?.country ?? DEFAULT_COUNTRY;
