import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';
import { buttonClassName } from '../../../components/ui/button';
import { StatusPage } from '../../../components/ui/status-page';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import * as z from 'zod/mini';
import { moneySchema } from '@giving/shared/contracts/common';
import type { ExpectedMatch, ThankYouSummary, thankYouState } from '../thank-you-state';
import { useDonationMatches } from '../api/get-donation-matches';
import { matchLine } from './match-preview';
import styles from './thank-you.module.css';

const thankYouSummarySchema: z.ZodMiniType<ThankYouSummary> = z.object({
  charityName: z.string(),
  charityUrl: z.string(),
  giftTitle: z.optional(z.string()),
  // A path in this site only (history state can be anything): never another origin's address.
  fundraisingPage: z.optional(z.object({ title: z.string(), ownerName: z.string(), path: z.string().check(z.regex(/^\/[^/\\]/)) })),
  quantity: z.int(),
  total: moneySchema,
  trackingNumber: z.string(),
  kind: z.optional(z.enum(['card', 'monthly', 'payroll'])),
  workplaceName: z.optional(z.string()),
  expectedMatches: z.optional(
    z.array(z.object({ campaignId: z.string(), name: z.string(), workplaceName: z.string(), matchType: z.enum(['Donation', 'Voucher']), bonus: moneySchema })),
  ),
});
const thankYouStateSchema: z.ZodMiniType<ReturnType<typeof thankYouState>> = z.object({ donation: thankYouSummarySchema });

/** The completed payment's summary from the location state, read defensively (history state can be anything). */
export function readThankYouState(state: unknown): ThankYouSummary | undefined {
  const parsed = thankYouStateSchema.safeParse(state);
  return parsed.success ? parsed.data.donation : undefined;
}

/** What the thank-you says about how the donation was given. */
export function thankYouLead(summary: ThankYouSummary): string {
  const what = summary.giftTitle ? 'Your gift' : 'Your donation';
  const page = summary.fundraisingPage;
  if (page) {
    const to = `${page.ownerName}’s fundraiser “${page.title}” for ${summary.charityName}`;
    if (summary.kind === 'monthly') {
      return `Your monthly donation to ${to} has started: this month’s has been received and a receipt is on its way to your inbox. You can see or cancel it in your upcoming donations.`;
    }
    return `Your donation to ${to} has been received. A receipt is on its way to your inbox.`;
  }
  if (summary.kind === 'payroll') {
    return `${what} to ${summary.charityName} has been added to your payroll${summary.workplaceName ? ` at ${summary.workplaceName}` : ''}. You can see it in your upcoming donations.`;
  }
  if (summary.kind === 'monthly') {
    return `Your monthly donation to ${summary.charityName} has started: this month’s has been received and a receipt is on its way to your inbox. You can see or cancel it in your upcoming donations.`;
  }
  return `${what} to ${summary.charityName} has been received. A receipt is on its way to your inbox.`;
}

/**
 * Issue 16 item 5: the match the checkout promised, confirmed once matching has recorded it (moments after the
 * payment): 'will match' until then, 'matched' after, with what the donor can expect next.
 */
function MatchConfirmation({ donationId, expected, locale }: { donationId: string; expected: readonly ExpectedMatch[]; locale: string }) {
  const matches = useDonationMatches(donationId, expected.length, true);
  const recorded = matches.data?.items ?? [];
  const lines = expected.map((item) => {
    const done = recorded.find((match) => match.campaignId === item.campaignId);
    return done
      ? { key: item.campaignId, text: matchLine({ ...item, bonus: done.amount }, locale, 'did'), done: true, voucher: item.matchType === 'Voucher' }
      : { key: item.campaignId, text: matchLine(item, locale, 'will'), done: false, voucher: item.matchType === 'Voucher' };
  });
  return (
    <div className={styles.match} aria-live="polite">
      {lines.map((line) => (
        <p key={line.key}>
          <strong>{line.text}</strong>{' '}
          {line.done
            ? line.voucher
              ? 'The voucher’s code is on its way to your inbox.'
              : 'Your receipt shows the match.'
            : 'We’ll confirm it in a moment.'}
        </p>
      ))}
    </div>
  );
}

/** Opened with no completed payment (typed, bookmarked, reloaded in a new tab): nobody to thank, ways to give. */
export const NO_DONATION_TITLE = 'No donation to confirm';
export const NO_DONATION_LEAD =
  'This page confirms a donation once it has gone through, and there isn’t one from this visit. If you have just given, the receipt in your e-mail is your confirmation.';

/** After a completed payment: what was given and where to go next. Opened without one, it thanks nobody and offers ways to give. */
export function ThankYou({ country }: { country: CountryCode }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summary = readThankYouState(useLocation().state);
  // Arrived from a payment (the processing modal had focus): a keyboard or screen-reader user lands on the thanks.
  const thanked = summary !== undefined;
  useEffect(() => {
    if (thanked) headingRef.current?.focus();
  }, [thanked]);
  if (!summary) {
    return (
      <StatusPage title={NO_DONATION_TITLE} lead={NO_DONATION_LEAD}>
        <title>{`Give · ${PRODUCT_NAME}`}</title>
        <Link to={paths.charities(country)} className={buttonClassName({ variant: 'primary' })}>
          Browse charities
        </Link>
        <Link to={paths.giftVoucher(country)} className={buttonClassName({ variant: 'secondary' })}>
          Give a gift voucher
        </Link>
      </StatusPage>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <title>{`Thank you · ${PRODUCT_NAME}`}</title>
      <span className={styles.tick} aria-hidden="true">
        ✓
      </span>
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        Thank you for your donation
      </h1>
      <p className={styles.lead}>{thankYouLead(summary)}</p>
      {summary.expectedMatches?.length ? <MatchConfirmation donationId={summary.trackingNumber} expected={summary.expectedMatches} locale={COUNTRIES[country].locale} /> : null}
      <dl className={styles.summary}>
        <dt>Charity</dt>
        <dd>{summary.charityName}</dd>
        {summary.fundraisingPage ? (
          <>
            <dt>Fundraising page</dt>
            <dd>{summary.fundraisingPage.title}</dd>
            <dt>Fundraiser</dt>
            <dd>{summary.fundraisingPage.ownerName}</dd>
          </>
        ) : summary.giftTitle ? (
          <>
            <dt>Gift</dt>
            <dd>{summary.giftTitle}</dd>
            <dt>Quantity</dt>
            <dd>{summary.quantity}</dd>
          </>
        ) : (
          <>
            <dt>Donation</dt>
            <dd>General donation</dd>
          </>
        )}
        <dt>{summary.kind === 'payroll' ? 'From your pay' : summary.kind === 'monthly' ? 'Each month' : 'Total'}</dt>
        <dd>{formatMoney(summary.total, COUNTRIES[country].locale)}</dd>
        <dt>Reference</dt>
        <dd>{summary.trackingNumber}</dd>
      </dl>
      <div className={styles.actions}>
        {summary.fundraisingPage ? (
          <Link to={summary.fundraisingPage.path} className={buttonClassName({ variant: 'primary' })}>
            Back to {summary.fundraisingPage.ownerName}’s fundraiser
          </Link>
        ) : (
          <Link to={paths.charity(country, summary.charityUrl)} className={buttonClassName({ variant: 'primary' })}>
            Back to {summary.charityName}
          </Link>
        )}
        <Link to={paths.charities(country)} className={buttonClassName({ variant: 'secondary' })}>
          Browse charities
        </Link>
      </div>
    </section>
  );
}
