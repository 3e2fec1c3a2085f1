import { COUNTRIES } from '@giving/shared/countries';
import { formatMoney, money, type Currency } from '@giving/shared/money';
import { plainMail } from './mail';
import type { DonationDigest, FundraisingDeps, MailDeps, StoredPage } from './ports';
import { totalsOf } from './views';

/** Donations arriving within this many minutes of the first reach the owner in one e-mail. */
export const DIGEST_MINUTES = 5;

const firstName = (name: string) => name.split(' ')[0] || name;
const pageLink = (mail: MailDeps, page: StoredPage) => `${mail.siteUrl}/${page.country}/fundraising/${page.eventUrl}/${page.pageUrl}`;
const amount = (cents: number, currency: string, page: StoredPage) => formatMoney(money(cents, currency as Currency), COUNTRIES[page.country].locale, { dropZeroCents: true });
function progressLine(page: StoredPage): string {
  const totals = totalsOf(page);
  return totals.targetAmount > 0
    ? `Your page has raised ${amount(totals.donatedAmount, totals.currency, page)} of your ${amount(totals.targetAmount, totals.currency, page)} target (${totals.raisedPercentage}%).`
    : `Your page has raised ${amount(totals.donatedAmount, totals.currency, page)}.`;
}

/** A donation was counted on a page: it joins the page's digest for its owner (due a few minutes after the first). */
export async function noteDonation(deps: Pick<FundraisingDeps, 'store' | 'clock'>, pageId: string, donation: { donationId: string; name: string; amount: number; currency: string; message?: string; donatedOn: string }) {
  const dueAt = new Date(deps.clock.now().getTime() + DIGEST_MINUTES * 60_000).toISOString();
  const { donationId, ...entry } = donation;
  await deps.store.addToDigest(pageId, donationId, entry, dueAt);
}

/** At most this many donations are listed in one digest e-mail (the rest go in the next); a digest lists at most DIGEST_LIMIT. */
export const DIGEST_ENTRIES_PER_MAIL = 50;
export const DIGEST_LIMIT = 500;

/**
 * The digest job: each page whose gathered donations are due gets one e-mail to its owner naming them (the oldest 50,
 * with the messages, hidden ones too: they were left for the owner), then exactly those are taken out of the digest.
 * Donations that joined meanwhile stay for the next e-mail, a few minutes on: none is named twice (it was: a digest
 * that grew while being sent was kept whole and sent again, growing, every minute). A page with no owner e-mail has
 * its digest taken silently.
 */
export async function sendDueDigests(deps: Pick<FundraisingDeps, 'store' | 'clock'> & { mail: MailDeps }): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.store.dueDigests(now.toISOString());
  let sent = 0;
  for (const digest of due) {
    const listed = Object.entries(digest.entries)
      .sort(([, a], [, b]) => a.donatedOn.localeCompare(b.donatedOn))
      .slice(0, DIGEST_ENTRIES_PER_MAIL);
    const more = Object.keys(digest.entries).length - listed.length;
    const overflow = digest.overflow ?? 0;
    const page = await deps.store.getPage(digest.pageId, { consistent: true });
    // Sent, then taken (a failed send leaves them for the next run); the rest are due at once when there are more.
    if (page?.ownerEmail) {
      await deps.mail.mailer.send(digestMail(deps.mail, page, { ...digest, entries: Object.fromEntries(listed), count: listed.length, overflow: more > 0 ? 0 : overflow }));
      sent++;
    }
    const nextDueAt = new Date(now.getTime() + (more > 0 ? 0 : DIGEST_MINUTES * 60_000)).toISOString();
    await deps.store.takeDigest(digest, { donationIds: listed.map(([id]) => id), overflow: more > 0 ? 0 : overflow }, nextDueAt);
  }
  return sent;
}

export function digestMail(mail: MailDeps, page: StoredPage, digest: DonationDigest) {
  const entries = Object.values(digest.entries).sort((a, b) => a.donatedOn.localeCompare(b.donatedOn));
  const count = entries.length;
  const lines = [
    `Kia ora ${firstName(page.owner.name)},`,
    '',
    count === 1 ? `Someone has given to your fundraising page "${page.title}" for ${page.charity.name}:` : `${count} people have given to your fundraising page "${page.title}" for ${page.charity.name}:`,
    '',
    ...entries.map((entry) => `${entry.name} gave ${amount(entry.amount, entry.currency, page)}${entry.message ? `: "${entry.message}"` : '.'}`),
    ...(digest.overflow ? [`…and ${digest.overflow} more ${digest.overflow === 1 ? 'donation' : 'donations'}: see them all on your page.`] : []),
    '',
    progressLine(page),
    `See your page and thank your supporters: ${pageLink(mail, page)}`,
  ];
  return plainMail(page.ownerEmail!, count === 1 ? `A new donation to "${page.title}"` : `${count} new donations to "${page.title}"`, lines);
}

/**
 * After a donation (or a confirmed offline gift) is counted: when the page's total has reached its target, its owner is
 * told, once (the page keeps when it reached it). A page without a target has none to reach.
 */
export async function noteTargetReached(deps: Pick<FundraisingDeps, 'store' | 'clock'> & { mail: MailDeps }, pageId: string): Promise<boolean> {
  const page = await deps.store.getPage(pageId, { consistent: true });
  if (!page || page.targetAmount <= 0 || page.targetReachedOn) return false;
  if (totalsOf(page).donatedAmount < page.targetAmount) return false;
  if (!(await deps.store.markTargetReached(pageId, deps.clock.now().toISOString()))) return false;
  if (page.ownerEmail) {
    const lines = [
      `Kia ora ${firstName(page.owner.name)},`,
      '',
      `Your fundraising page "${page.title}" has reached its target of ${amount(page.targetAmount, page.currency, page)} for ${page.charity.name}. Thank you, and thank your supporters!`,
      '',
      progressLine(page),
      `Your page keeps taking donations until its end date, ${page.endDate}: ${pageLink(deps.mail, page)}`,
    ];
    await deps.mail.mailer.send(plainMail(page.ownerEmail, `"${page.title}" has reached its target`, lines));
  }
  return true;
}
