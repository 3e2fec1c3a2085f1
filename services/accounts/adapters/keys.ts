/**
 * The accounts table's item layout, in one place (single table; pk/sk plus gsi1..gsi3 with <index>pk/<index>sk).
 *
 * | item                         | pk                        | sk                          | gsi1 (pk / sk)                     | gsi2 (pk / sk)                 | gsi3 (pk / sk)                        |
 * |------------------------------|---------------------------|-----------------------------|------------------------------------|--------------------------------|---------------------------------------|
 * | charity profile              | CHARITY#<id>              | PROFILE                     | CHARITYURL#<url> / CHARITY         | COUNTRY#<cc> / CHARITY#<name>  | LIST#CHARITY / <lower name>           |
 * | charity URL claim (unique)   | CHARITYURL#<url>          | CLAIM                       |                                    |                                |                                       |
 * | charity's published version  | CHARITY#<id>              | PUBLISHEDVERSION            |                                    |                                |                                       |
 * | charity membership           | CHARITY#<id>              | MEMBER#<memberId>           | MEMBER#<memberId> / CHARITY#<id>   |                                |                                       |
 * | workplace                    | WORKPLACE#<id>            | PROFILE                     |                                    |                                | LIST#WORKPLACE / <lower name>         |
 * | workplace membership         | WORKPLACE#<id>            | MEMBER#<memberId>           | MEMBER#<memberId> / WORKPLACE#<id> |                                |                                       |
 * | workplace supported charity  | WORKPLACE#<id>            | CHARITY#<charityId>         |                                    |                                |                                       |
 * | member profile               | MEMBER#<id>               | PROFILE                     |                                    | EMAIL#<email> / MEMBER         | LIST#MEMBER / <lower first last email>|
 * | member donation tally        | MEMBER#<id>               | TALLY                       |                                    |                                |                                       |
 * | member badge                 | MEMBER#<id>               | BADGE#<badgeId>             |                                    |                                |                                       |
 * | audit entry (dynamo-audit)   | MEMBER#<id>               | AUDIT#<at>#<entryId>        |                                    |                                |                                       |
 * | data export                  | MEMBER#<id>               | EXPORT#<exportId>           |                                    |                                |                                       |
 * | account deletion             | MEMBER#<id>               | ERASURE                     |                                    |                                |                                       |
 * | invitation                   | INVITATION#<id>           | INVITATION                  | TENANT#<kind>#<id> / INVITATION#<createdAt> | INVITEE#<email> / INVITATION#<createdAt> |                    |
 * | pending-invitation guard     | TENANT#<kind>#<id>        | INVITEE#<email>             |                                    |                                |                                       |
 * | content item                 | CONTENT#<id>              | CONTENT                     |                                    |                                | CONTENT#<status> / <submittedAt>      |
 * | charity's pending change     | CHARITY#<id>              | PENDINGCHANGE               |                                    |                                |                                       |
 * | charity's last denied change | CHARITY#<id>              | DENIEDCHANGE                |                                    |                                |                                       |
 * | handled once (e-mails)       | IDEMPOTENCY#<key>         | IDEMPOTENCY                 |                                    |                                |                                       | (expiresAt: 7 days)
 * | e-mail template              | EMAILTEMPLATE#<id>        | TEMPLATE                    |                                    |                                | LIST#EMAILTEMPLATE / <id>             |
 * | badge definition             | BADGE#<id>                | BADGE                       |                                    |                                | LIST#BADGE / <donationCount padded>   |
 * | site config (all countries)  | SITE                      | CONFIG                      |                                    |                                |                                       |
 * | security settings            | SITE                      | SECURITY                    |                                    |                                |                                       |
 * | site counters (active users) | SITE                      | COUNTERS                    |                                    |                                |                                       |
 * | country stats                | SITE#<cc>                 | STATS                       |                                    |                                |                                       |
 * | menu links                   | SITE#<cc>                 | MENULINKS                   |                                    |                                |                                       |
 * | recent activity (ticker)     | SITE#<cc>                 | RECENT#<isoDate>#<id>       |                                    |                                |                                       | (expiresAt: 30 days)
 * | donation seen (idempotency)  | DONATION#<donationId>     | SEEN                        |                                    |                                |                                       | (expiresAt: 90 days)
 * | volunteer hours seen         | VOLUNTEERHOURS#<appId>    | SEEN                        |                                    |                                |                                       | (expiresAt: 365 days)
 */
export const keys = {
  charityProfile: (charityId: string) => ({ pk: `CHARITY#${charityId}`, sk: 'PROFILE' }),
  /** The version CharityProfilePublished last carried for the charity (written by its stream publisher; ReIndexCharities re-emits it). */
  charityPublishedVersion: (charityId: string) => ({ pk: `CHARITY#${charityId}`, sk: 'PUBLISHEDVERSION' }),
  charityMembership: (charityId: string, memberId: string) => ({ pk: `CHARITY#${charityId}`, sk: `MEMBER#${memberId}` }),
  charityPendingChange: (charityId: string) => ({ pk: `CHARITY#${charityId}`, sk: 'PENDINGCHANGE' }),
  charityDeniedChange: (charityId: string) => ({ pk: `CHARITY#${charityId}`, sk: 'DENIEDCHANGE' }),
  /** Claimed in the same transaction as a new charity's profile, so a charity URL is taken once. */
  charityUrlClaim: (charityUrl: string) => ({ pk: `CHARITYURL#${charityUrl}`, sk: 'CLAIM' }),
  workplace: (workplaceId: string) => ({ pk: `WORKPLACE#${workplaceId}`, sk: 'PROFILE' }),
  workplaceMembership: (workplaceId: string, memberId: string) => ({ pk: `WORKPLACE#${workplaceId}`, sk: `MEMBER#${memberId}` }),
  workplaceCharity: (workplaceId: string, charityId: string) => ({ pk: `WORKPLACE#${workplaceId}`, sk: `CHARITY#${charityId}` }),
  memberProfile: (memberId: string) => ({ pk: `MEMBER#${memberId}`, sk: 'PROFILE' }),
  memberTally: (memberId: string) => ({ pk: `MEMBER#${memberId}`, sk: 'TALLY' }),
  memberBadge: (memberId: string, badgeId: string) => ({ pk: `MEMBER#${memberId}`, sk: `BADGE#${badgeId}` }),
  dataExport: (memberId: string, exportId: string) => ({ pk: `MEMBER#${memberId}`, sk: `EXPORT#${exportId}` }),
  memberErasure: (memberId: string) => ({ pk: `MEMBER#${memberId}`, sk: 'ERASURE' }),
  invitation: (invitationId: string) => ({ pk: `INVITATION#${invitationId}`, sk: 'INVITATION' }),
  pendingInvitationGuard: (kind: 'charity' | 'workplace', tenantId: string, email: string) => ({
    pk: `TENANT#${kind}#${tenantId}`,
    sk: `INVITEE#${email}`,
  }),
  content: (contentId: string) => ({ pk: `CONTENT#${contentId}`, sk: 'CONTENT' }),
  emailTemplate: (templateId: string) => ({ pk: `EMAILTEMPLATE#${templateId}`, sk: 'TEMPLATE' }),
  badge: (badgeId: string) => ({ pk: `BADGE#${badgeId}`, sk: 'BADGE' }),
  siteConfig: () => ({ pk: 'SITE', sk: 'CONFIG' }),
  security: () => ({ pk: 'SITE', sk: 'SECURITY' }),
  siteCounters: () => ({ pk: 'SITE', sk: 'COUNTERS' }),
  countryStats: (country: string) => ({ pk: `SITE#${country}`, sk: 'STATS' }),
  menuLinks: (country: string) => ({ pk: `SITE#${country}`, sk: 'MENULINKS' }),
  recentActivity: (country: string, isoDate: string, id: string) => ({ pk: `SITE#${country}`, sk: `RECENT#${isoDate}#${id}` }),
  donationSeen: (donationId: string) => ({ pk: `DONATION#${donationId}`, sk: 'SEEN' }),
  volunteerHoursSeen: (applicationId: string) => ({ pk: `VOLUNTEERHOURS#${applicationId}`, sk: 'SEEN' }),
} as const;

/** Index keys, for the items above that are listed or looked up another way. */
export const indexKeys = {
  membershipByMember: (memberId: string, tenant: 'CHARITY' | 'WORKPLACE', tenantId: string) => ({ gsi1pk: `MEMBER#${memberId}`, gsi1sk: `${tenant}#${tenantId}` }),
  memberByEmail: (email: string) => ({ gsi2pk: `EMAIL#${email}`, gsi2sk: 'MEMBER' }),
  invitationByTenant: (kind: 'charity' | 'workplace', tenantId: string, createdAt: string) => ({ gsi1pk: `TENANT#${kind}#${tenantId}`, gsi1sk: `INVITATION#${createdAt}` }),
  invitationByInvitee: (email: string, createdAt: string) => ({ gsi2pk: `INVITEE#${email}`, gsi2sk: `INVITATION#${createdAt}` }),
  list: (kind: 'CHARITY' | 'WORKPLACE' | 'MEMBER' | 'EMAILTEMPLATE' | 'BADGE', sortKey: string) => ({ gsi3pk: `LIST#${kind}`, gsi3sk: sortKey }),
  contentByStatus: (status: 'Live' | 'Proposed' | 'Denied', submittedAt: string) => ({ gsi3pk: `CONTENT#${status}`, gsi3sk: submittedAt }),
} as const;

/** Strips key attributes from an item read back. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, gsi3pk: _e, gsi3sk: _f, expiresAt: _g, ...rest } = item;
  return rest as T;
}
