import { raisedPercentage, type Donor, type EventSummary, type Invitation, type PageStatus, type PageSummary, type Totals } from '@giving/shared/contracts/fundraising';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import type { CountryCode } from '@giving/shared/countries';
import type { StoredDonor, StoredEvent, StoredInvitation, StoredPage, StoredTotals } from './ports';

/** The country's calendar day now: a page ends at the end of its end date there. */
export const todayIn = (country: CountryCode, now: Date) => localDay(now, COUNTRY_TIME_ZONES[country]);

export function totalsOf(stored: StoredTotals & { targetAmount: number }): Totals {
  const donatedAmount = stored.onlineAmount + stored.offlineAmount + stored.matchedAmount;
  return {
    currency: stored.currency,
    donatedAmount,
    targetAmount: stored.targetAmount,
    donationsCount: stored.donationsCount,
    raisedPercentage: raisedPercentage(donatedAmount, stored.targetAmount),
    onlineAmount: stored.onlineAmount,
    offlineAmount: stored.offlineAmount,
    matchedAmount: stored.matchedAmount,
  };
}

/** Offline (it, or its event, taken offline), Ended (its end date passed in its country), else Open. */
export function pageStatus(page: Pick<StoredPage, 'isOnline' | 'eventOnline' | 'endDate' | 'country'>, now: Date): PageStatus {
  if (!page.isOnline || !page.eventOnline) return 'Offline';
  return page.endDate < todayIn(page.country, now) ? 'Ended' : 'Open';
}

export function eventStatus(event: Pick<StoredEvent, 'isOnline' | 'endDate' | 'country'>, now: Date): PageStatus {
  if (!event.isOnline) return 'Offline';
  return event.endDate < todayIn(event.country, now) ? 'Ended' : 'Open';
}

export function pageSummary(page: StoredPage, now: Date): PageSummary {
  return {
    id: page.id,
    pageUrl: page.pageUrl,
    eventId: page.eventId,
    eventUrl: page.eventUrl,
    title: page.title,
    imageUrl: page.imageUrl,
    country: page.country,
    charity: page.charity,
    owner: page.owner,
    endDate: page.endDate,
    isOnline: page.isOnline,
    status: pageStatus(page, now),
    createdOn: page.createdOn,
    ...totalsOf(page),
  };
}

export function eventSummary(event: StoredEvent, now: Date): EventSummary {
  return {
    id: event.id,
    eventUrl: event.eventUrl,
    kind: event.kind,
    title: event.title,
    imageUrl: event.imageUrl,
    country: event.country,
    charity: event.charity,
    owner: event.owner,
    endDate: event.endDate,
    isOnline: event.isOnline,
    status: eventStatus(event, now),
    createdOn: event.createdOn,
    pagesCount: event.pagesCount,
    ...totalsOf(event),
  };
}

export const invitationView = (invitation: StoredInvitation): Invitation => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  invitedBy: invitation.invitedBy,
  invitedOn: invitation.invitedOn,
  lastSentOn: invitation.lastSentOn,
  target: invitation.target,
});

/** A donor as the page lists them (the name is already 'Anonymous' for an anonymous gift): a message its donor hid from the page stays out (its owner's, not the public's). */
export const donorView = ({ id, name, amount, currency, message, isMessageAnonymous, donatedOn, kind }: StoredDonor): Donor => ({
  id,
  name,
  amount,
  currency,
  ...(message && !isMessageAnonymous ? { message } : {}),
  donatedOn,
  kind,
});
