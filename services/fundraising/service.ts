import { CharityMembershipChanged, CharityProfilePublished, MemberNamesChanged, WorkplaceMembershipChanged } from '@giving/shared/events/accounts';
import { DonationCompleted, DonationRefunded } from '@giving/shared/events/donations';
import { DonationMatched, DonationMatchGivenBack } from '@giving/shared/events/matching';
import { EventModified, PageModified } from '@giving/shared/events/fundraising';
import { MemberErasureRequested, PersonalDataErased, PersonalDataExportRequested, PersonalDataGathered } from '@giving/shared/events/privacy';
import { patternFor } from '@giving/shared/events';
import { defineService, type AuthPolicy, type RouteSpec } from '@giving/shared/manifest';
import type { Permission } from '@giving/shared/permissions';

/**
 * fundraising: events (multi-page and single-page), pages within them, their members (roles from "get roles"),
 * invitations by e-mail, comments, online status, offline gifts, totals, and the lists the site and the consoles
 * show. Item layout: adapters/keys.ts. Use cases: domain/events.ts, domain/pages.ts, domain/members.ts,
 * domain/comments.ts, domain/offline-donations.ts.
 *
 * Who may call what (spec 1 §6, spec 2 §6; docs/DECISIONS.md "Fundraising"):
 * - Visitors read online events and pages, their donors and comments, the roles, the charities one can fundraise for
 *   and whether an address is free.
 * - Signed-in members create events and pages (under a workplace only with its Workplace_Fundraising.*.Create), join
 *   multi-page events, answer invitations and comment. Object-level rules (an event's or page's Owner and Admins
 *   manage it: Fundraising_ManageEvent / Fundraising_ManagePage; a page's comments are also moderated by its
 *   charity's Charity_FundraisingManage staff) are checked in the use cases from fundraising's own member records and
 *   its copy of charity roles.
 * - Charity console routes with {charityId} are tenant policies (Charity_Fundraising*).
 * - The back office needs BackOffice_ViewFundraising / BackOffice_ManageFundraising.
 */
const SIGNED_IN: AuthPolicy = { kind: 'signedIn' };
const PUBLIC: AuthPolicy = { kind: 'public' };
const charity = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf, tenant: { kind: 'charity', param: 'charityId' } });
const backOffice = (...anyOf: Permission[]): AuthPolicy => ({ kind: 'signedIn', anyOf });

type Route = Pick<RouteSpec, 'method' | 'path' | 'auth' | 'summary' | 'timeoutSeconds' | 'response'> & { handler: string; write?: boolean; mail?: boolean; publishes?: RouteSpec['access']['publishes'] };
const route = ({ write, mail, publishes, ...spec }: Route): RouteSpec => ({
  ...spec,
  access: { table: write ? 'readWrite' : 'read', ...(mail ? { sendsMail: true } : {}), ...(publishes ? { publishes } : {}) },
});

/** The back office's re-indexing for search: every stored event or page's document again, at its stored version. */
const reindex = (name: 'ReIndexFundraisingEvents' | 'ReIndexFundraisingPages', handler: 'reindexEvents' | 'reindexPages', event: typeof EventModified | typeof PageModified, what: string): RouteSpec =>
  route({
    method: 'POST',
    path: `/fundraising/backOffice/${name}`,
    handler: `handlers/reindex#${handler}`,
    response: { status: 200 },
    auth: backOffice('BackOffice_ManageFundraising'),
    publishes: [event],
    // HTTP API waits 30 s: more than a 29 s run can re-emit needs the run moved to a queue.
    timeoutSeconds: 29,
    summary: `Re-emits ${event.name} (change Modified, the stored version, the run's reindexId) for every ${what}, online or not, in PutEvents batches of 10; answers {reindexId, events, batches}.`,
  });

/** The member-side routes of an event's or a page's team: members, the caller's own membership, invitations. */
const teamRoutes = (kind: 'events' | 'pages', param: 'eventId' | 'pageId', what: string): RouteSpec[] => {
  const base = `/fundraising/${kind}/{${param}}` as const;
  const handler = (name: string) => `handlers/members#${kind === 'events' ? 'event' : 'page'}${name}`;
  return [
    route({ method: 'GET', path: `${base}/me`, handler: handler('Me'), auth: SIGNED_IN, summary: `The caller's role in the ${what} (get ${what} member): null when none.` }),
    route({ method: 'GET', path: `${base}/members`, handler: handler('Members'), auth: SIGNED_IN, summary: `The ${what}'s members and their roles (its members see them).` }),
    route({ method: 'POST', path: `${base}/members`, handler: handler('Join'), auth: SIGNED_IN, write: true, summary: `The caller joins the ${what} as a Member (add member; 200 when already one).` }),
    route({ method: 'PATCH', path: `${base}/members/{memberId}`, handler: handler('UpdateMember'), auth: SIGNED_IN, write: true, summary: `Changes a member's role (update member; its Owner and Admins; the Owner's own role stays).` }),
    route({ method: 'DELETE', path: `${base}/members/{memberId}`, handler: handler('RemoveMember'), auth: SIGNED_IN, write: true, summary: `Removes a member (remove member; its Owner and Admins, or the member themselves; never the Owner) (204).` }),
    route({ method: 'GET', path: `${base}/invitations`, handler: handler('Invitations'), auth: SIGNED_IN, summary: `Pending invitations to the ${what} (get invited member; its Owner and Admins).` }),
    route({ method: 'POST', path: `${base}/invitations`, handler: handler('Invite'), auth: SIGNED_IN, write: true, mail: true, summary: `Invites people by e-mail as Admin or Member (invite member; 201; 409 naming any already a member or invited).` }),
    route({ method: 'DELETE', path: `${base}/invitations/{invitationId}`, handler: handler('RemoveInvitation'), auth: SIGNED_IN, write: true, summary: 'Withdraws a pending invitation (remove invitation) (204).' }),
    route({ method: 'POST', path: `${base}/invitations/{invitationId}/resend`, handler: handler('ResendInvitation'), auth: SIGNED_IN, write: true, mail: true, summary: 'Sends a pending invitation again (204).' }),
  ];
};

export default defineService({
  service: 'fundraising',
  table: { indexes: ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5'], ttlAttribute: 'expiresAt', stream: 'NEW_IMAGE' },
  // Live page progress (shared/live): a browser subscribes to one page or event; functions whose access has
  // postsToConnections post its totals (services/fundraising/adapters/live.ts livePublisher).
  websocket: {
    connect: { handler: 'handlers/live#connect', access: { table: 'readWrite' } },
    disconnect: { handler: 'handlers/live#disconnect', access: { table: 'readWrite' } },
  },
  routes: [
    // What visitors read.
    route({ method: 'GET', path: '/fundraising/events', response: { status: 200, schema: 'fundraising#eventListSchema' }, handler: 'handlers/events#list', auth: PUBLIC, summary: 'Online events in a country (?country=nz&sort=newest|mostRaised&cursor=): {items:[{id, eventUrl, title, ...totals}]}.' }),
    route({ method: 'GET', path: '/fundraising/events/{eventUrl}', response: { status: 200, schema: 'fundraising#eventSchema' }, handler: 'handlers/events#get', auth: PUBLIC, summary: 'An event (get event) with its online pages, most raised first: {..., pages:[{id, pageUrl, title, ...totals}]}.' }),
    route({ method: 'GET', path: '/fundraising/events/{eventUrl}/pages/{pageUrl}', response: { status: 200, schema: 'fundraising#pageSchema' }, handler: 'handlers/pages#get', auth: PUBLIC, summary: 'A page (get page): story, owner, team, totals (donatedAmount, targetAmount, donationsCount, raisedPercentage), status.' }),
    route({ method: 'GET', path: '/fundraising/pages', response: { status: 200 }, handler: 'handlers/pages#list', auth: PUBLIC, summary: 'Online pages in a country (?country=nz&sort=newest|mostRaised&cursor=).' }),
    route({ method: 'GET', path: '/fundraising/pages/{pageId}/donors', response: { status: 200, schema: 'fundraising#donorListSchema' }, handler: 'handlers/pages#donors', auth: PUBLIC, summary: "A page's donors, newest first (get donors by page): 'Anonymous' for anonymous donations, no message when the donor hid it." }),
    route({ method: 'GET', path: '/fundraising/pages/{pageId}/comments', response: { status: 200, schema: 'fundraising#commentListSchema' }, handler: 'handlers/comments#list', auth: PUBLIC, summary: "A page's comments, newest first (get comments)." }),
    route({ method: 'GET', path: '/fundraising/recent', response: { status: 200 }, handler: 'handlers/pages#recent', auth: PUBLIC, summary: 'The newest online pages in a country (?country=nz): title, fundraisingUrl, createdOn, owner and charity names (recent fundraisers).' }),
    route({ method: 'GET', path: '/fundraising/roles', response: { status: 200 }, handler: 'handlers/members#roles', auth: PUBLIC, summary: 'The roles of event and page members and what each may do (get roles).' }),
    route({ method: 'GET', path: '/fundraising/charities', response: { status: 200, schema: 'fundraising#fundraisingCharityListSchema' }, handler: 'handlers/events#charities', auth: PUBLIC, summary: 'The active charities of a country one can fundraise for (?country=nz) (get charities).' }),
    route({ method: 'GET', path: '/fundraising/address', response: { status: 200 }, handler: 'handlers/events#address', auth: PUBLIC, summary: 'Whether an event address (?eventUrl=) or a page address in an event (?eventId=&pageUrl=) is free, with free suggestions.' }),

    // Creating and managing (the caller's role in the event or page decides, checked in the use cases).
    route({ method: 'POST', path: '/fundraising/events', response: { status: 201, schema: 'fundraising#eventSummarySchema' }, handler: 'handlers/events#create', auth: SIGNED_IN, write: true, summary: 'A multi-page event for a charity (add event; 201); the caller is its Owner. Under a workplace: Workplace_Fundraising.Event.Create.' }),
    route({ method: 'POST', path: '/fundraising/events/single-page', response: { status: 201 }, handler: 'handlers/events#createSinglePage', auth: SIGNED_IN, write: true, summary: 'An event with exactly one page, the caller\'s (add single-page event; 201: {event, page}).' }),
    route({ method: 'GET', path: '/fundraising/events/{eventId}/edit', response: { status: 200 }, handler: 'handlers/events#edit', auth: SIGNED_IN, summary: 'The event for its edit form (get event for update; its Owner and Admins).' }),
    route({ method: 'PATCH', path: '/fundraising/events/{eventId}', response: { status: 200 }, handler: 'handlers/events#update', auth: SIGNED_IN, write: true, summary: 'Changes an event\'s title, story, target, end date or picture (update event).' }),
    route({ method: 'PATCH', path: '/fundraising/events/{eventId}/toggleOnlineStatus', response: { status: 200 }, handler: 'handlers/events#toggleOnline', auth: SIGNED_IN, write: true, summary: 'Takes an event on- or offline (toggle status; isOnline sets it, an empty body flips it). Offline, it takes no new pages and its pages no donations.' }),
    route({ method: 'GET', path: '/fundraising/events/{eventId}/pages', response: { status: 200 }, handler: 'handlers/events#pages', auth: SIGNED_IN, summary: 'Every page of an event, offline ones too (get pages by event; its Owner and Admins).' }),
    ...teamRoutes('events', 'eventId', 'event'),
    route({ method: 'POST', path: '/fundraising/pages', response: { status: 201, schema: 'fundraising#pageSummarySchema' }, handler: 'handlers/pages#create', auth: SIGNED_IN, write: true, summary: 'A page within a multi-page event (201); the caller is its Owner. Under a workplace: Workplace_Fundraising.Page.Create.' }),
    route({ method: 'GET', path: '/fundraising/pages/{pageId}/edit', response: { status: 200 }, handler: 'handlers/pages#edit', auth: SIGNED_IN, summary: 'The page for its edit form (get page for update; its Owner and Admins).' }),
    route({ method: 'PATCH', path: '/fundraising/pages/{pageId}', response: { status: 200 }, handler: 'handlers/pages#update', auth: SIGNED_IN, write: true, summary: "Changes a page's title, story, target, end date or picture (update page)." }),
    route({ method: 'PATCH', path: '/fundraising/pages/{pageId}/toggleOnlineStatus', response: { status: 200 }, handler: 'handlers/pages#toggleOnline', auth: SIGNED_IN, write: true, summary: 'Takes a page on- or offline (toggle status). Offline, it stays readable and takes no donations.' }),
    ...teamRoutes('pages', 'pageId', 'page'),
    route({ method: 'POST', path: '/fundraising/pages/{pageId}/comments', response: { status: 201, schema: 'fundraising#commentSchema' }, handler: 'handlers/comments#add', auth: SIGNED_IN, write: true, summary: 'Adds a comment to a page (add comment; 201).' }),
    route({ method: 'DELETE', path: '/fundraising/pages/{pageId}/comments/{commentId}', response: { status: 204 }, handler: 'handlers/comments#remove', auth: SIGNED_IN, write: true, summary: "Removes a comment (its author, the page's Owner and Admins, or its charity's fundraising staff) (204)." }),
    route({ method: 'GET', path: '/fundraising/pages/{pageId}/offline-donations', response: { status: 200, schema: 'fundraising#offlineDonationListSchema' }, handler: 'handlers/offline-donations#forPage', auth: SIGNED_IN, summary: "The page's offline gifts, pending and confirmed (its Owner and Admins)." }),
    route({ method: 'POST', path: '/fundraising/pages/{pageId}/offline-donations', response: { status: 201, schema: 'fundraising#offlineDonationSchema' }, handler: 'handlers/offline-donations#enter', auth: SIGNED_IN, write: true, summary: 'The page\'s Owner or an Admin enters a gift received offline (201); it counts once the charity confirms it.' }),
    route({ method: 'GET', path: '/fundraising/me', response: { status: 200, schema: 'fundraising#myFundraisingSchema' }, handler: 'handlers/members#mine', auth: SIGNED_IN, summary: "The caller's events and pages (any role) with their totals, and their pending invitations (the user console's fundraising)." }),
    route({ method: 'GET', path: '/fundraising/me/invitations', response: { status: 200 }, handler: 'handlers/members#myInvitations', auth: SIGNED_IN, summary: "Pending invitations to the caller's e-mail address." }),
    route({ method: 'PATCH', path: '/fundraising/me/invitations/{invitationId}', response: { status: 200 }, handler: 'handlers/members#answerInvitation', auth: SIGNED_IN, write: true, summary: 'Accepts (joins with its role) or declines an invitation sent to the caller\'s e-mail (update invitation).' }),

    // The charity console (spec 1 §2: fundraising).
    route({ method: 'GET', path: '/fundraising/charity/{charityId}/events', response: { status: 200, schema: 'fundraising#eventListSchema' }, handler: 'handlers/consoles#charityEvents', auth: charity('Charity_FundraisingView'), summary: "The charity's events, online and offline, newest first (get events by charity)." }),
    route({ method: 'GET', path: '/fundraising/charity/{charityId}/pages', response: { status: 200, schema: 'fundraising#pageListSchema' }, handler: 'handlers/consoles#charityPages', auth: charity('Charity_FundraisingView'), summary: "The charity's pages, online and offline, newest first (get pages by charity)." }),
    route({ method: 'PATCH', path: '/fundraising/charity/{charityId}/events/{eventId}/toggleOnlineStatus', response: { status: 200 }, handler: 'handlers/consoles#charityToggleEvent', auth: charity('Charity_FundraisingManage'), write: true, summary: "Takes one of the charity's events on- or offline (another charity's is 404)." }),
    route({ method: 'PATCH', path: '/fundraising/charity/{charityId}/pages/{pageId}/toggleOnlineStatus', response: { status: 200 }, handler: 'handlers/consoles#charityTogglePage', auth: charity('Charity_FundraisingManage'), write: true, summary: "Takes one of the charity's pages on- or offline (another charity's is 404)." }),
    route({ method: 'GET', path: '/fundraising/charity/{charityId}/offline-donations', response: { status: 200, schema: 'fundraising#offlineDonationListSchema' }, handler: 'handlers/offline-donations#forCharity', auth: charity('Charity_FundraisingView'), summary: "Offline gifts entered on the charity's pages (?status=Pending|Confirmed)." }),
    route({ method: 'POST', path: '/fundraising/charity/{charityId}/offline-donations/{offlineDonationId}/confirm', response: { status: 200 }, handler: 'handlers/offline-donations#confirm', auth: charity('Charity_FundraisingManage'), write: true, mail: true, summary: "The charity confirms an offline gift: it joins its page's and event's totals, once (409 when already confirmed)." }),

    // The back office (spec 1 §2: fundraising).
    route({ method: 'GET', path: '/fundraising/backOffice/events', response: { status: 200, schema: 'fundraising#eventListSchema' }, handler: 'handlers/consoles#allEvents', auth: backOffice('BackOffice_ViewFundraising'), summary: 'Every event, online and offline (?country=&q=&cursor=).' }),
    route({ method: 'GET', path: '/fundraising/backOffice/pages', response: { status: 200, schema: 'fundraising#pageListSchema' }, handler: 'handlers/consoles#allPages', auth: backOffice('BackOffice_ViewFundraising'), summary: 'Every page, online and offline (?country=&q=&cursor=).' }),
    route({ method: 'PATCH', path: '/fundraising/backOffice/events/{eventId}', response: { status: 200 }, handler: 'handlers/consoles#editEvent', auth: backOffice('BackOffice_ManageFundraising'), write: true, summary: "Edits any event's content." }),
    route({ method: 'PATCH', path: '/fundraising/backOffice/pages/{pageId}', response: { status: 200 }, handler: 'handlers/consoles#editPage', auth: backOffice('BackOffice_ManageFundraising'), write: true, summary: "Edits any page's content." }),
    route({ method: 'PATCH', path: '/fundraising/backOffice/events/{eventId}/toggleOnlineStatus', response: { status: 200 }, handler: 'handlers/consoles#toggleAnyEvent', auth: backOffice('BackOffice_ManageFundraising'), write: true, summary: 'Takes any event on- or offline.' }),
    route({ method: 'PATCH', path: '/fundraising/backOffice/pages/{pageId}/toggleOnlineStatus', response: { status: 200 }, handler: 'handlers/consoles#toggleAnyPage', auth: backOffice('BackOffice_ManageFundraising'), write: true, summary: 'Takes any page on- or offline.' }),
    reindex('ReIndexFundraisingEvents', 'reindexEvents', EventModified, 'event'),
    reindex('ReIndexFundraisingPages', 'reindexPages', PageModified, 'page'),
  ],
  schedules: [
    {
      name: 'send-donation-digests',
      expression: 'rate(1 minute)',
      description: "Tells each page's owner of the donations gathered in the last few minutes, in one e-mail per page.",
      handler: 'handlers/send-donation-digests',
      access: { table: 'readWrite', sendsMail: true },
    },
  ],
  streams: [
    {
      // Storage-first: every stored version of a page or an event is published (search indexes them; donations checks pages).
      name: 'publish-documents',
      filter: { dynamodb: { NewImage: { sk: { S: ['PAGE', 'EVENT'] } } } },
      handler: 'handlers/publish-documents',
      batchSize: 25,
      access: { publishes: [PageModified, EventModified] },
    },
    {
      // Live page progress: each page's and event's newest version in a batch, posted to whoever has it open
      // (domain/live-progress.ts). Its own subscription, so posting never holds up or fails the documents.
      name: 'post-live-progress',
      filter: { dynamodb: { NewImage: { sk: { S: ['PAGE', 'EVENT'] } } } },
      handler: 'handlers/post-live-progress',
      batchSize: 100,
      access: { table: 'readWrite', postsToConnections: true },
    },
  ],
  subscriptions: [
    {
      // A page's online donations: its donors and totals, once per donation.
      name: 'record-page-donations',
      pattern: { ...patternFor(DonationCompleted), detail: { data: { pageType: ['FUNDRAISE'] } } },
      handler: 'handlers/record-donation',
      access: { table: 'readWrite', sendsMail: true },
    },
    {
      // A matching campaign's bonus on a page's donation: the page's matched amount (issue 16 item 6).
      name: 'record-page-matches',
      pattern: patternFor(DonationMatched),
      handler: 'handlers/record-donation#match',
      access: { table: 'readWrite' },
    },
    {
      // A back-office refund of a page's donation, and the match a campaign gave back for it (issue 17 item 5).
      name: 'record-page-refunds',
      pattern: patternFor(DonationRefunded),
      handler: 'handlers/record-donation#refund',
      access: { table: 'readWrite' },
    },
    { name: 'record-page-match-give-backs', pattern: patternFor(DonationMatchGivenBack), handler: 'handlers/record-donation#matchGivenBack', access: { table: 'readWrite' } },
    { name: 'record-charity-profile', pattern: patternFor(CharityProfilePublished), handler: 'handlers/record-copies#charityProfile', access: { table: 'readWrite' } },
    { name: 'record-charity-membership', pattern: patternFor(CharityMembershipChanged), handler: 'handlers/record-copies#charityMembership', access: { table: 'readWrite' } },
    { name: 'record-workplace-membership', pattern: patternFor(WorkplaceMembershipChanged), handler: 'handlers/record-copies#workplaceMembership', access: { table: 'readWrite' } },
    { name: 'record-member-names', pattern: patternFor(MemberNamesChanged), handler: 'handlers/record-copies#memberNamesChanged', access: { table: 'readWrite' } },
    // A member's own data (issue 17 item 7): their part of "Download my data", and "Delete my account". Up to 5
    // minutes: no index finds comments, offline gifts or invitations by who wrote them, so they scan the table. The
    // pages and events erasing closes or re-names reach search as every stored change does (publish-documents).
    { name: 'gather-personal-data', pattern: patternFor(PersonalDataExportRequested), handler: 'handlers/personal-data#gather', access: { table: 'read', personalData: 'write', publishes: [PersonalDataGathered.fundraising] }, timeoutSeconds: 300 },
    { name: 'erase-personal-data', pattern: patternFor(MemberErasureRequested), handler: 'handlers/personal-data#erase', access: { table: 'readWrite', publishes: [PersonalDataErased.fundraising] }, timeoutSeconds: 300 },
  ],
});
