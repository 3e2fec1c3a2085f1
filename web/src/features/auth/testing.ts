import type { AdminMenu } from '@giving/shared/contracts/accounts';
import type { SessionState } from '../../lib/session';

/** GET /api/accounts/me as each demo role gets it (tools/local/src/seed/data.ts). */
export function anAdminMenu(role: 'donor' | 'backOffice' | 'contentAdmin' | 'charityAdmin' | 'workplaceAdmin' | 'workplaceMember'): AdminMenu {
  const base: AdminMenu = {
    primaryAccount: { id: 'member-1', name: 'Dana Whitfield', type: 'account' },
    associations: [],
    adminRoles: [],
    corporateAssociations: [],
    charityAssociations: [],
    isAdmin: false,
    isContentAdmin: false,
  };
  switch (role) {
    case 'donor':
      return base;
    case 'backOffice':
      return { ...base, primaryAccount: { ...base.primaryAccount, name: 'Alex Morgan' }, adminRoles: ['Administrator'], isAdmin: true, isContentAdmin: true };
    case 'contentAdmin':
      return {
        ...base,
        primaryAccount: { ...base.primaryAccount, name: 'Casey Brown' },
        associations: [{ type: 'corporate', corporateId: 'wp-tasman', corporateName: 'Tasman Engineering' }],
        corporateAssociations: [
          {
            corporateId: 'wp-tasman',
            corporateName: 'Tasman Engineering',
            corporateRoles: [{ roleName: 'WorkplaceGiver.Employee' }, { roleName: 'WorkplaceGiver.ContentAdmin' }],
          },
        ],
        isContentAdmin: true,
      };
    case 'charityAdmin':
      return {
        ...base,
        primaryAccount: { ...base.primaryAccount, name: 'Sam Tane' },
        associations: [{ type: 'charity', charityId: 'ch-kiwi', charityName: 'Kiwi Coast Rescue' }],
        charityAssociations: [{ charityId: 'ch-kiwi', charityName: 'Kiwi Coast Rescue', roles: ['Charity.Admin'] }],
      };
    case 'workplaceMember':
      return {
        ...base,
        primaryAccount: { ...base.primaryAccount, name: 'Wiremu Parata' },
        associations: [{ type: 'corporate', corporateId: 'wp-tasman', corporateName: 'Tasman Engineering' }],
        corporateAssociations: [{ corporateId: 'wp-tasman', corporateName: 'Tasman Engineering', corporateRoles: [{ roleName: 'WorkplaceGiver.Employee' }] }],
      };
    case 'workplaceAdmin':
      return {
        ...base,
        primaryAccount: { ...base.primaryAccount, name: 'Grace Liu' },
        associations: [
          { type: 'corporate', corporateId: 'wp-tasman', corporateName: 'Tasman Engineering' },
          { type: 'charity', charityId: 'ch-kiwi', charityName: 'Kiwi Coast Rescue' },
        ],
        corporateAssociations: [{ corporateId: 'wp-tasman', corporateName: 'Tasman Engineering', corporateRoles: [{ roleName: 'WorkplaceGiver.Admin' }] }],
        charityAssociations: [{ charityId: 'ch-kiwi', charityName: 'Kiwi Coast Rescue', roles: ['Charity.Admin'] }],
      };
  }
}

export const signedInAs = (name = 'Dana Whitfield'): SessionState => ({ status: 'signedIn', memberId: 'member-1', email: 'dana.donor@demo.koha.nz', name });

/** Deletes every cookie the tests set. */
export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}
