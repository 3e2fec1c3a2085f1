import { ERASED_MEMBER_NAME, type ErasedDataset, type PersonalDataRow, type PersonalDataset } from '@giving/shared/personal-data';
import type { Anonymous, FundraisingStore, MemberDataStore, StoredEvent, StoredPage } from './ports';
import { eventStatus, pageStatus, totalsOf } from './views';

/**
 * Fundraising's part of "Download my data" and "Delete my account" (issue 17 item 7).
 *
 * Collect: the member's own pages and events (title, story, target, totals, status), their team memberships,
 * invitations to their e-mail or sent by them, their donor entries on pages, their comments, the offline gifts they
 * entered, where they are told of donations, and fundraising's copies of their names and roles. Nothing of anyone
 * else: not who donated to their pages, whom they invited, nor who gave an offline gift.
 *
 * Erase (safe to run again: every step finds only what still names them):
 * - Their pages stay, for the donations on them (which stay with the charity, totals unchanged), but are closed and
 *   name "Deleted member" instead of them, without their story or e-mail; search hears of each through the page's
 *   stored change, as for any edit (publish-documents). The pages' pending donation e-mails go.
 * - Their events name "Deleted member"; an event no one else's page still needs is closed and loses its story too.
 * - Their donor entries on pages stay (the totals count them) as "Deleted member", without a message.
 * - Invitations they sent and offline gifts they entered stay, by "Deleted member".
 * - Their memberships, invitations to their e-mail, comments and the copies of their names and roles go. The
 *   memberships go last: until then they find the pages and events still to do.
 */

export interface MemberRef {
  memberId: string;
  /** Lower case. */
  email: string;
}

type Deps = {
  store: Pick<FundraisingStore, 'membershipsOf' | 'getPage' | 'getEvent' | 'pagesOfEvent' | 'invitationsFor' | 'removeInvitation' | 'removeComment' | 'removeMember'>;
  memberData: MemberDataStore;
  clock: { now(): Date };
};

export const DATASETS = {
  pages: 'pages',
  events: 'events',
  memberships: 'team-memberships',
  invitations: 'invitations',
  donations: 'donations-to-pages',
  comments: 'comments',
  offline: 'offline-donations-entered',
  notifications: 'donation-notifications',
  names: 'names',
  roles: 'roles',
} as const;

const ANONYMOUS: Anonymous = { memberId: '', name: ERASED_MEMBER_NAME };

function contentRow(item: StoredPage | StoredEvent, status: string): PersonalDataRow {
  const totals = totalsOf(item);
  return {
    id: item.id,
    title: item.title,
    story: item.story,
    charity: item.charity.name,
    country: item.country,
    eventUrl: item.eventUrl,
    imageUrl: item.imageUrl,
    ownerName: item.owner.name,
    currency: totals.currency,
    targetAmount: totals.targetAmount,
    raisedAmount: totals.donatedAmount,
    onlineAmount: totals.onlineAmount,
    offlineAmount: totals.offlineAmount,
    matchedAmount: totals.matchedAmount,
    donationsCount: totals.donationsCount,
    endDate: item.endDate,
    status,
    createdOn: item.createdOn,
  };
}

const present = <T>(values: readonly (T | undefined)[]): T[] => values.filter((value): value is T => value !== undefined);

/** The member's pages and events: those they own (their memberships find them; the item's owner decides). */
async function ownedBy(deps: Deps, memberId: string) {
  const memberships = await deps.store.membershipsOf(memberId);
  const targets = memberships.filter((membership) => membership.role === 'Owner');
  const pages = present(await Promise.all(targets.filter((m) => m.target.kind === 'page').map((m) => deps.store.getPage(m.target.id, { consistent: true }))));
  const events = present(await Promise.all(targets.filter((m) => m.target.kind === 'event').map((m) => deps.store.getEvent(m.target.id))));
  return { memberships, pages: pages.filter((page) => page.owner.memberId === memberId), events: events.filter((event) => event.owner.memberId === memberId) };
}

/** Everything fundraising holds about the member, as data sets (empty ones left out). */
export async function collectFundraisingData(deps: Deps, member: MemberRef): Promise<PersonalDataset[]> {
  const now = deps.clock.now();
  const [owned, invitations, donors, written, copies] = await Promise.all([
    ownedBy(deps, member.memberId),
    deps.store.invitationsFor(member.email),
    deps.memberData.donorEntriesOf(member),
    deps.memberData.writtenBy(member.memberId),
    deps.memberData.copiesOf(member.memberId),
  ]);
  const pageTitles = new Map<string, string>();
  const pageTitle = async (pageId: string) => {
    if (!pageTitles.has(pageId)) pageTitles.set(pageId, (await deps.store.getPage(pageId))?.title ?? '');
    return pageTitles.get(pageId) || null;
  };

  const notifications: PersonalDataRow[] = [];
  for (const page of owned.pages) {
    const digest = await deps.memberData.digestOf(page.id);
    if (!page.ownerEmail && !digest) continue;
    notifications.push({
      pageId: page.id,
      page: page.title,
      email: page.ownerEmail ?? null,
      pendingDonationNotices: (digest?.count ?? 0) + (digest?.overflow ?? 0),
      nextNoticeDue: digest?.dueAt ?? null,
      targetReachedOn: page.targetReachedOn ?? null,
    });
  }

  const datasets: PersonalDataset[] = [
    {
      name: DATASETS.pages,
      description: 'Your fundraising pages: the title, your story, the target, the amounts raised (in cents) and whether each is open.',
      rows: owned.pages.map((page) => ({ ...contentRow(page, pageStatus(page, now)), pageUrl: page.pageUrl, event: page.eventTitle })),
    },
    {
      name: DATASETS.events,
      description: 'Your fundraising events: the title, your story, the target, the amounts raised (in cents) and whether each is open.',
      rows: owned.events.map((event) => ({ ...contentRow(event, eventStatus(event, now)), kind: event.kind, pagesCount: event.pagesCount })),
    },
    {
      name: DATASETS.memberships,
      description: 'The fundraising events and pages whose team you are on, your role in each and the name they show for you.',
      rows: owned.memberships.map((membership) => ({
        kind: membership.target.kind,
        id: membership.target.id,
        title: membership.target.title,
        role: membership.role,
        name: membership.name,
        joinedOn: membership.joinedOn,
      })),
    },
    {
      name: DATASETS.invitations,
      description: 'Invitations to join a fundraising team that were sent to your e-mail address or that you sent (without who you invited).',
      rows: [
        ...invitations.map((invitation) => ({ direction: 'To you', email: invitation.email, kind: invitation.target.kind, title: invitation.target.title, role: invitation.role, invitedOn: invitation.invitedOn })),
        ...written.invitationsSent.map((invitation) => ({ direction: 'Sent by you', email: null, kind: invitation.target.kind, title: invitation.target.title, role: invitation.role, invitedOn: invitation.invitedOn })),
      ],
    },
    {
      name: DATASETS.donations,
      description: "Your donations to fundraising pages as the pages list them: the name shown, the amount (in cents) and your message.",
      rows: await Promise.all(
        donors.map(async (donor) => ({
          pageId: donor.pageId,
          page: await pageTitle(donor.pageId),
          nameShown: donor.name,
          amount: donor.amount,
          currency: donor.currency,
          message: donor.message ?? null,
          messageOnlyForPageOwner: donor.isMessageAnonymous ?? false,
          donatedOn: donor.donatedOn,
        })),
      ),
    },
    {
      name: DATASETS.comments,
      description: 'Comments you wrote on fundraising pages.',
      rows: await Promise.all(
        written.comments.map(async (comment) => ({ pageId: comment.pageId, page: await pageTitle(comment.pageId), name: comment.author.name, text: comment.text, createdOn: comment.createdOn })),
      ),
    },
    {
      name: DATASETS.offline,
      description: 'Gifts received offline that you entered on a fundraising page (without who gave them).',
      rows: written.offlineEntered.map((gift) => ({ pageId: gift.pageId, page: gift.pageTitle, amount: gift.amount, currency: gift.currency, receivedOn: gift.receivedOn, status: gift.status, enteredOn: gift.createdOn })),
    },
    {
      name: DATASETS.notifications,
      description: 'Where we e-mail you about donations to your pages, the notices waiting to be sent, and when a page reached its target.',
      rows: notifications,
    },
    {
      name: DATASETS.names,
      description: 'Your name as fundraising keeps it, to show on your pages, teams and comments.',
      rows: copies.names ? [{ firstName: copies.names.firstName, lastName: copies.names.lastName }] : [],
    },
    {
      name: DATASETS.roles,
      description: 'Your roles in charities and workplaces as fundraising keeps them, to decide what you may see and do.',
      rows: copies.roles.map((role) => ({ kind: role.kind, id: role.id, workplace: role.workplaceName ?? null, roles: role.roles })),
    },
  ];
  return datasets.filter((dataset) => dataset.rows.length > 0);
}

/** A data set's tally while erasing (ErasedDataset, counted up). */
type Tally = { -readonly [K in keyof ErasedDataset]: ErasedDataset[K] };
const count = (name: string, erased = 0, anonymised = 0): Tally => ({ name, erased, anonymised });

/** Deletes what fundraising holds about the member, or removes who they were from what others need (see above). */
export async function eraseFundraisingData(deps: Deps, member: MemberRef): Promise<ErasedDataset[]> {
  const owned = await ownedBy(deps, member.memberId);
  const pages = count(DATASETS.pages);
  const events = count(DATASETS.events);
  const notifications = count(DATASETS.notifications);

  for (const event of owned.events) {
    // Someone else's page still open in it needs it open (their donors give through it); otherwise it closes.
    const eventPages = await deps.store.pagesOfEvent(event.id, { all: true });
    const needed = eventPages.some((page) => page.owner.memberId !== member.memberId && page.isOnline);
    if (await deps.memberData.releaseEventOf(event.id, member.memberId, ANONYMOUS, !needed)) events.anonymised++;
  }
  for (const page of owned.pages) {
    const hadEmail = page.ownerEmail !== undefined;
    if (await deps.memberData.closePageOf(page.id, member.memberId, ANONYMOUS)) {
      pages.anonymised++;
      if (hadEmail) notifications.erased++;
    }
    if (await deps.memberData.deleteDigest(page.id)) notifications.erased++;
  }

  const donations = count(DATASETS.donations);
  for (const donor of await deps.memberData.donorEntriesOf(member)) {
    if (await deps.memberData.anonymiseDonor(donor, ERASED_MEMBER_NAME)) donations.anonymised++;
  }

  const invitations = count(DATASETS.invitations);
  for (const invitation of await deps.store.invitationsFor(member.email)) {
    if ((await deps.store.removeInvitation(invitation)) === 'removed') invitations.erased++;
  }
  const written = await deps.memberData.writtenBy(member.memberId);
  for (const invitation of written.invitationsSent) {
    if (await deps.memberData.replaceInvitationSender(invitation, member.memberId, ANONYMOUS)) invitations.anonymised++;
  }
  const offline = count(DATASETS.offline);
  for (const gift of written.offlineEntered) {
    if (await deps.memberData.replaceOfflineEnteredBy(gift.id, member.memberId, ANONYMOUS)) offline.anonymised++;
  }
  const comments = count(DATASETS.comments);
  for (const comment of written.comments) {
    await deps.store.removeComment(comment.pageId, comment.id);
    comments.erased++;
  }

  const memberships = count(DATASETS.memberships);
  for (const membership of owned.memberships) {
    if ((await deps.store.removeMember(membership.target, member.memberId)) === 'removed') memberships.erased++;
  }

  const copies = await deps.memberData.deleteCopies(member.memberId);
  return [pages, events, memberships, invitations, donations, comments, offline, notifications, count(DATASETS.names, copies.names), count(DATASETS.roles, copies.roles)];
}
