import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CharityDonationsDashboard, CharityVolunteeringDashboard } from '@giving/shared/contracts/dashboards';
import type { CountryCode } from '@giving/shared/countries';
import { MonthComparison, monthName } from '../../../components/charts/month-comparison';
import { FormMessage } from '../../../components/ui/field';
import { ConsoleScreen, QuickLinks, RowHeader, mutedText } from '../../../components/ui/console-page';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates, type LoadingQuery } from '../../../components/ui/query-states';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { Table } from '../../../components/ui/table';
import { WaitingList, type WaitingItem } from '../../../components/ui/waiting-list';
import { DateText } from '../../../components/ui/date-text';
import { countText, moneyText } from '../../../lib/money-text';
import { paths } from '../../../lib/paths';
import { useCharityInvitations } from '../api/get-charity-invitations';
import { useCharityMembers } from '../api/get-charity-members';
import { useDonationsDashboard } from '../api/get-donations-dashboard';
import { useVolunteeringDashboard } from '../api/get-volunteering-dashboard';
import { useCharitySettings } from '../../../lib/charity-settings';
import { useCharityCan, useCharityId } from '../hooks/use-charity';
import styles from './charity-dashboard.module.css';

type Loaded<Data> = LoadingQuery & ({ isSuccess: true; data: Data } | { isSuccess: false });

/**
 * /admin/charity/:charityId/dashboard — the charity at a glance: what waits for its administrators (applications to
 * review, feedback to give), this month's donations beside last month's with their top gifts and pages, and this
 * month's volunteering. Each part shows to those who may open the screen behind it: donations to the donation report's
 * readers, volunteering to the charity's volunteering staff.
 */
export function CharityDashboard() {
  const charityId = useCharityId();
  const settings = useCharitySettings(charityId);
  const canSeeReports = useCharityCan({ anyOf: ['Charity_ReportView'] });
  const canSeeVolunteering = useCharityCan({ anyOf: ['Charity_VolunteeringView'] });
  const members = useCharityMembers(charityId);
  const invitations = useCharityInvitations(charityId);
  const donations = useDonationsDashboard(charityId, { enabled: canSeeReports });
  const volunteering = useVolunteeringDashboard(charityId, { enabled: canSeeVolunteering });
  const base = `/admin/charity/${charityId}`;

  if (!settings.isSuccess) return <QueryStates query={settings} headingLevel={2} loading="Loading your charity" failed="We couldn’t load your charity" />;
  const { profile, pendingChange, deniedChange } = settings.data;
  const count = (query: { isPending: boolean; isError: boolean; data?: { items: readonly unknown[] } }) =>
    query.isPending ? '…' : query.isError || !query.data ? '—' : query.data.items.length;

  const waiting: WaitingItem[] = canSeeVolunteering
    ? [
        { one: 'application to review', many: 'applications to review', count: volunteering.data?.applicationsToReview, to: `${base}/volunteer-applications` },
        { one: 'volunteer waiting for your feedback', many: 'volunteers waiting for your feedback', count: volunteering.data?.feedbackToGive, to: `${base}/volunteer-applications` },
      ]
    : [];

  return (
    <ConsoleScreen>
      <ScreenHeader title="Dashboard" />
      <div className={styles.profile}>
        {profile.logoImageUrl ? <img src={profile.logoImageUrl} alt="" className={styles.logo} /> : null}
        <div>
          <h3>{profile.name}</h3>
          <Link to={paths.charity(profile.country, profile.charityUrl)}>View your public page</Link>
        </div>
      </div>
      {pendingChange ? (
        <FormMessage tone="info">
          Your profile changes sent on <DateText value={pendingChange.submittedAt} /> are waiting for approval.{' '}
          <Link to={`${base}/settings`}>See the proposed changes</Link>
        </FormMessage>
      ) : null}
      {deniedChange ? (
        <FormMessage tone="info">
          Your profile changes sent on <DateText value={deniedChange.submittedAt} /> were not approved: {deniedChange.reason}{' '}
          <Link to={`${base}/settings`}>Correct them and send them again</Link>
        </FormMessage>
      ) : null}
      {waiting.length > 0 ? (
        <Panel title="Waiting for you">
          {volunteering.isError ? <QueryStates query={volunteering} headingLevel={4} loading="" failed="We couldn’t load what is waiting" /> : <WaitingList items={waiting} />}
        </Panel>
      ) : null}
      {canSeeReports ? (
        <Panel title="Donations" description="What your donors gave this month, beside last month." actions={<Link to={`${base}/reports/donation-reports`}>See donation reports</Link>}>
          <Loading query={donations} what="your donations">
            {(data) => <DonationsView dashboard={data} country={profile.country} base={base} />}
          </Loading>
        </Panel>
      ) : null}
      {canSeeVolunteering ? (
        <Panel title="Volunteering" description="Volunteering completed with you this month, beside last month." actions={<Link to={`${base}/volunteer-applications`}>See applications</Link>}>
          <Loading query={volunteering} what="your volunteering">
            {(data) => <VolunteeringView dashboard={data} />}
          </Loading>
        </Panel>
      ) : null}
      <StatTiles label="Your team">
        <StatTile label="Members" value={count(members)} to={`${base}/members`} />
        <StatTile label="Pending invitations" value={count(invitations)} to={`${base}/invited-members`} />
      </StatTiles>
      <Panel title="Quick links">
        <QuickLinks>
          <li>
            <Link to={`${base}/invited-members`}>Invite someone to your team</Link>
          </li>
          <li>
            <Link to={`${base}/members`}>See your members</Link>
          </li>
          <li>
            <Link to={`${base}/settings`}>Edit your charity’s profile</Link>
          </li>
          <li>
            <Link to={`${base}/help`}>Get help</Link>
          </li>
        </QuickLinks>
      </Panel>
    </ConsoleScreen>
  );
}

function Loading<Data>({ query, what, children }: { query: Loaded<Data>; what: string; children: (data: Data) => ReactNode }) {
  return query.isSuccess ? <>{children(query.data)}</> : <QueryStates query={query} headingLevel={4} loading={`Loading ${what}`} failed={`We couldn’t load ${what}`} />;
}

function DonationsView({ dashboard, country, base }: { dashboard: CharityDonationsDashboard; country: CountryCode; base: string }) {
  const month = dashboard.donations[0] ? monthName(dashboard.donations[0].thisMonth.month) : 'this month';
  return (
    <div className={styles.stack}>
      <MonthComparison label="Donations" lines={dashboard.donations} />
      {dashboard.memberships && (dashboard.memberships.current > 0 || dashboard.memberships.joinedThisMonth > 0) ? (
        <StatTiles label="Your members">
          <StatTile label="Members" value={countText(dashboard.memberships.current)} to={`${base}/membership`} />
          <StatTile label={`Joined in ${month}`} value={countText(dashboard.memberships.joinedThisMonth)} to={`${base}/membership`} />
        </StatTiles>
      ) : null}
      <div className={styles.tops}>
        <section aria-label={`Top gifts in ${month}`}>
          <h4>Top gifts in {month}</h4>
          {dashboard.topGifts.length === 0 ? (
            <p className={mutedText}>No gifts given yet this month.</p>
          ) : (
            <FiguresTable caption={`Top gifts in ${month}`} first="Gift" rows={dashboard.topGifts.map((gift) => ({ key: gift.giftId, name: gift.title, ...gift }))} />
          )}
        </section>
        <section aria-label={`Top fundraising pages in ${month}`}>
          <h4>Top fundraising pages in {month}</h4>
          {dashboard.topPages.length === 0 ? (
            <p className={mutedText}>No fundraising page has raised money for you yet this month.</p>
          ) : (
            <FiguresTable
              caption={`Top fundraising pages in ${month}`}
              first="Page"
              rows={dashboard.topPages.map((page) => ({
                key: page.pageId,
                name: (
                  <>
                    <Link to={`/${country}/fundraising/${page.eventUrl}/${page.pageUrl}`}>{page.title}</Link>
                    <span className={styles.owner}>{page.ownerName}</span>
                  </>
                ),
                ...page,
              }))}
            />
          )}
        </section>
      </div>
    </div>
  );
}

function FiguresTable({ caption, first, rows }: { caption: string; first: string; rows: { key: string; name: ReactNode; donations: number; amount: CharityDonationsDashboard['topGifts'][number]['amount'] }[] }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col" className={styles.number}>
            Donations
          </th>
          <th scope="col" className={styles.number}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <RowHeader>{row.name}</RowHeader>
            <td className={styles.number}>{countText(row.donations)}</td>
            <td className={styles.number}>{moneyText(row.amount)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function VolunteeringView({ dashboard }: { dashboard: CharityVolunteeringDashboard }) {
  const { thisMonth, lastMonth } = dashboard;
  const thisName = monthName(thisMonth.month);
  const lastName = monthName(lastMonth.month);
  return (
    <div className={styles.pairs}>
      <StatTiles label={`Volunteering: ${thisName} beside ${lastName}`}>
        <StatTile label={`${thisMonth.volunteers === 1 ? 'Volunteer' : 'Volunteers'} in ${thisName}`} value={countText(thisMonth.volunteers)} />
        <StatTile label={`Hours in ${thisName}`} value={countText(thisMonth.hours)} />
        <StatTile label={`${lastMonth.volunteers === 1 ? 'Volunteer' : 'Volunteers'} in ${lastName}`} value={countText(lastMonth.volunteers)} />
        <StatTile label={`Hours in ${lastName}`} value={countText(lastMonth.hours)} />
      </StatTiles>
    </div>
  );
}
