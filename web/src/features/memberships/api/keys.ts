/** Every membership query sits under this key, so a change (a plan saved, a member added, a cancel) refreshes them. */
export const MEMBERSHIPS_KEY = ['memberships'] as const;
export const charityMembershipKey = (charityId: string) => [...MEMBERSHIPS_KEY, 'charity', charityId] as const;
export const myMembershipsKey = [...MEMBERSHIPS_KEY, 'me'] as const;
