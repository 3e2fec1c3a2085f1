/**
 * The fundraising table's item layout, in one place (single table; pk/sk plus gsi1..gsi5 with <index>pk/<index>sk).
 * Each index is shared by item types, each in partitions of its own.
 *
 * | item                 | pk                  | sk                      | gsi1 (pk / sk)                               | gsi2 (pk / sk)                               | gsi3 (pk / sk)                    | gsi4 (pk / sk)              | gsi5 (pk / sk)                          |
 * |----------------------|---------------------|-------------------------|----------------------------------------------|----------------------------------------------|-----------------------------------|-----------------------------|-----------------------------------------|
 * | event                | EVENT#<id>          | EVENT                   | LISTED#EVENTS#<cc> / <createdOn>#<id> (online) | CHARITY#<charityId> / EVENT#<createdOn>#<id> |                                   | ALL / EVENT#<createdOn>#<id> | RAISED#EVENTS#<cc> / <raised>#<id> (online) |
 * | page                 | PAGE#<id>           | PAGE                    | LISTED#PAGES#<cc> / <createdOn>#<id> (listed) | CHARITY#<charityId> / PAGE#<createdOn>#<id>  | EVENT#<eventId> / <raised>#<id>   | ALL / PAGE#<createdOn>#<id>  | RAISED#PAGES#<cc> / <raised>#<id> (listed) |
 * | event address claim  | EVENTURL#<eventUrl> | ADDRESS                 |                                              |                                              |                                   |                             |                                         |
 * | page address claim   | EVENT#<eventId>     | PAGEURL#<pageUrl>       |                                              |                                              |                                   |                             |                                         |
 * | membership           | EVENT#<id>/PAGE#<id> | MEMBER#<memberId>      | MEMBER#<memberId> / EVENT#<id> or PAGE#<id>  |                                              |                                   |                             |                                         |
 * | invitation (pending) | EVENT#<id>/PAGE#<id> | INVITE#<email>         | INVITEE#<email> / <invitedOn>#<id>           | INVITATION#<id> / INVITATION                 |                                   |                             |                                         |
 * | comment              | PAGE#<pageId>       | COMMENT#<id>            |                                              |                                              |                                   |                             |                                         |
 * | donor                | PAGE#<pageId>       | DONOR#<donatedOn>#<id>  |                                              | DONOR#<memberId> or DONOREMAIL#<email> / <donatedOn>#<id> (online gifts) |        |                             |                                         |
 * | offline donation     | OFFLINE#<id>        | OFFLINE                 |                                              | CHARITY#<charityId> / OFFLINE#<createdOn>#<id> | PAGEOFFLINE#<pageId> / <createdOn>#<id> |                      |                                         |
 * | donation digest      | DIGEST#<pageId>     | DIGEST                  | DIGESTS / <dueAt>#<pageId>                   |                                              |                                   |                             |                                         |
 * | charity listing      | CHARITIES#<cc>      | CHARITY#<id>            |                                              |                                              |                                   |                             |                                         |
 * | live progress posted | LIVEPOSTED#<channel> | POSTED                  |                                              |                                              |                                   |                             |                                         |
 * | charity copy, tenant role copy, member names copy: shared/dynamo-copies.ts' layout (CHARITY#<id>/PROJECTION, MEMBER#<memberId>/CHARITY#.., WORKPLACE#.., NAMES) |
 * | live connections: shared/live/connections.ts' layout (LIVE#<channel>/LIVE#<connectionId>, LIVE#CONNECTION#<id>/LIVE) |
 *
 * <raised> is the amount raised in cents, zero-padded to 12 digits, so text order is amount order. "Listed" is online
 * with its event online. A page's or event's totals move by atomic ADDs; the raised sort keys follow from its stream
 * (handlers/publish-documents), within a second.
 */
export const keys = {
  event: (id: string) => ({ pk: `EVENT#${id}`, sk: 'EVENT' }),
  page: (id: string) => ({ pk: `PAGE#${id}`, sk: 'PAGE' }),
  eventUrl: (eventUrl: string) => ({ pk: `EVENTURL#${eventUrl}`, sk: 'ADDRESS' }),
  pageUrl: (eventId: string, pageUrl: string) => ({ pk: `EVENT#${eventId}`, sk: `PAGEURL#${pageUrl}` }),
  team: (target: { kind: 'event' | 'page'; id: string }) => `${target.kind === 'event' ? 'EVENT' : 'PAGE'}#${target.id}`,
  member: (target: { kind: 'event' | 'page'; id: string }, memberId: string) => ({ pk: keys.team(target), sk: `MEMBER#${memberId}` }),
  invitation: (target: { kind: 'event' | 'page'; id: string }, email: string) => ({ pk: keys.team(target), sk: `INVITE#${email}` }),
  comment: (pageId: string, id: string) => ({ pk: `PAGE#${pageId}`, sk: `COMMENT#${id}` }),
  donor: (pageId: string, donatedOn: string, id: string) => ({ pk: `PAGE#${pageId}`, sk: `DONOR#${donatedOn}#${id}` }),
  offlineDonation: (id: string) => ({ pk: `OFFLINE#${id}`, sk: 'OFFLINE' }),
  /** A campaign's bonus on a page's donation, counted once (issue 16: DonationMatched). */
  match: (pageId: string, matchId: string) => ({ pk: `PAGE#${pageId}`, sk: `MATCH#${matchId}` }),
  charityListing: (country: string, charityId: string) => ({ pk: `CHARITIES#${country}`, sk: `CHARITY#${charityId}` }),
  digest: (pageId: string) => ({ pk: `DIGEST#${pageId}`, sk: 'DIGEST' }),
  /** A live channel's last posted version and when (domain/live-progress.ts), with a TTL. */
  livePosted: (channel: string) => ({ pk: `LIVEPOSTED#${channel}`, sk: 'POSTED' }),
} as const;

export const raisedKey = (raisedCents: number, id: string) => `${String(Math.max(0, raisedCents)).padStart(12, '0')}#${id}`;

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk', 'gsi5pk', 'gsi5sk', 'expiresAt']);

/** Strips key attributes from an item read back. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) if (!KEY_ATTRIBUTES.has(key)) rest[key] = value;
  return rest as T;
}
