/**
 * The volunteering table's item layout, in one place (single table; pk/sk plus gsi1..gsi3 with <index>pk/<index>sk).
 * Each index is shared by item types, each in partitions of its own (see docs/DECISIONS.md on shared indexes).
 *
 * | item                         | pk                    | sk                        | gsi1 (pk / sk)                              | gsi2 (pk / sk)                                 | gsi3 (pk / sk)                         |
 * |------------------------------|-----------------------|---------------------------|---------------------------------------------|------------------------------------------------|----------------------------------------|
 * | opportunity                  | OPP#<id>              | OPP                       | CHARITY#<charityId> / OPP#<createdAt>#<id>  | LISTED#<cc> / <createdAt>#<id> (Live+online)   | OPPS#<contentStatus> / <createdAt>#<id>|
 * | opportunity URL claim        | CHARITY#<charityId>   | OPPURL#<opportunityUrl>   |                                             |                                                |                                        |
 * | session (capacity)           | OPP#<opportunityId>   | SESSION#<sessionId>       | SESSION#<sessionId> / SESSION               |                                                |                                        |
 * | comment                      | OPP#<opportunityId>   | COMMENT#<createdAt>#<id>  |                                             |                                                |                                        |
 * | application                  | APP#<id>              | APP                       | MEMBER#<memberId> / APP#<createdAt>#<id>    | OPP#<oppId> / SESSION#<sessionId>#<createdAt>#<id> | CHARITY#<charityId> / APP#<createdAt>#<id> |
 * | team invitation              | APP#<applicationId>   | INVITE#<email>            | INVITEE#<email> / APP#<invitedAt>#<appId>   |                                                |                                        |
 * | one application per session  | SESSION#<sessionId>   | MEMBER#<memberId>         |                                             |                                                |                                        |
 * | feed item (30 days)          | FEED#<cc>             | <createdAt>#<applicationId> |                                           |                                                |                                        |
 * | external feedback            | EXTFB#<id>            | EXTFB                     | MEMBER#<memberId> / EXTFB#<createdAt>#<id>  |                                                |                                        |
 * | template                     | TEMPLATE#<id>         | TEMPLATE                  |                                             |                                                | TEMPLATES / <title>                    |
 * | recommender model            | MODEL                 | CURRENT                   |                                             |                                                |                                        |
 * | charity copy                 | CHARITY#<id>          | PROJECTION                | CHARITYURL#<url> / CHARITY                  |                                                |                                        |
 * | tenant role copy             | MEMBER#<memberId>     | CHARITY#<id> / WORKPLACE#<id> |                                         |                                                |                                        |
 * | member names copy            | MEMBER#<memberId>     | NAMES                     |                                             |                                                |                                        |
 * The copies' layout is shared/dynamo-copies.ts'. A completed application whose applicant deleted their account is kept
 * without its gsi1 keys and session claim (nothing finds it by member any more); see domain/personal-data.ts.
 */
export const keys = {
  opportunity: (id: string) => ({ pk: `OPP#${id}`, sk: 'OPP' }),
  opportunityUrl: (charityId: string, opportunityUrl: string) => ({ pk: `CHARITY#${charityId}`, sk: `OPPURL#${opportunityUrl}` }),
  session: (opportunityId: string, sessionId: string) => ({ pk: `OPP#${opportunityId}`, sk: `SESSION#${sessionId}` }),
  comment: (opportunityId: string, createdAt: string, id: string) => ({ pk: `OPP#${opportunityId}`, sk: `COMMENT#${createdAt}#${id}` }),
  application: (id: string) => ({ pk: `APP#${id}`, sk: 'APP' }),
  invite: (applicationId: string, email: string) => ({ pk: `APP#${applicationId}`, sk: `INVITE#${email}` }),
  sessionClaim: (sessionId: string, memberId: string) => ({ pk: `SESSION#${sessionId}`, sk: `MEMBER#${memberId}` }),
  feed: (country: string, createdAt: string, applicationId: string) => ({ pk: `FEED#${country}`, sk: `${createdAt}#${applicationId}` }),
  externalFeedback: (id: string) => ({ pk: `EXTFB#${id}`, sk: 'EXTFB' }),
  template: (id: string) => ({ pk: `TEMPLATE#${id}`, sk: 'TEMPLATE' }),
  model: () => ({ pk: 'MODEL', sk: 'CURRENT' }),
} as const;

export const indexKeys = {
  opportunityByCharity: (charityId: string, createdAt: string, id: string) => ({ gsi1pk: `CHARITY#${charityId}`, gsi1sk: `OPP#${createdAt}#${id}` }),
  listed: (country: string, createdAt: string, id: string) => ({ gsi2pk: `LISTED#${country}`, gsi2sk: `${createdAt}#${id}` }),
  opportunityByStatus: (status: string, createdAt: string, id: string) => ({ gsi3pk: `OPPS#${status}`, gsi3sk: `${createdAt}#${id}` }),
  sessionById: (sessionId: string) => ({ gsi1pk: `SESSION#${sessionId}`, gsi1sk: 'SESSION' }),
  applicationByMember: (memberId: string, createdAt: string, id: string) => ({ gsi1pk: `MEMBER#${memberId}`, gsi1sk: `APP#${createdAt}#${id}` }),
  applicationByOpportunity: (opportunityId: string, sessionId: string, createdAt: string, id: string) => ({
    gsi2pk: `OPP#${opportunityId}`,
    gsi2sk: `SESSION#${sessionId}#${createdAt}#${id}`,
  }),
  applicationByCharity: (charityId: string, createdAt: string, id: string) => ({ gsi3pk: `CHARITY#${charityId}`, gsi3sk: `APP#${createdAt}#${id}` }),
  inviteByEmail: (email: string, invitedAt: string, applicationId: string) => ({ gsi1pk: `INVITEE#${email}`, gsi1sk: `APP#${invitedAt}#${applicationId}` }),
  externalFeedbackByMember: (memberId: string, createdAt: string, id: string) => ({ gsi1pk: `MEMBER#${memberId}`, gsi1sk: `EXTFB#${createdAt}#${id}` }),
  template: (title: string) => ({ gsi3pk: 'TEMPLATES', gsi3sk: title }),
} as const;

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'expiresAt', 'itemType'];

/** Strips key attributes from an item read back. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) if (!KEY_ATTRIBUTES.includes(key)) rest[key] = value;
  return rest as T;
}
