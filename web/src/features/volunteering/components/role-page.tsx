import { Link } from 'react-router-dom';
import type { Opportunity } from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { locationLabel, scheduleLabel } from '@giving/shared/volunteering-rules';
import { ShareBar } from '../../../components/ui/share-bar';
import { Tag, TagList } from '../../../components/ui/tag';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { feeText, hoursText, placesLeftText, recurringText, sessionTimeText, volunteeringPaths } from '../volunteering-text';
import { ApplyFlow, sessionHours } from './apply-flow';
import styles from './volunteering.module.css';

/**
 * The volunteering role page (spec 1 §2, spec 2 §2): the role, its charity, sessions with dates, hours and places left,
 * the schedule label and location (spec 1 §4), the fee where one applies, the apply flow and the share bar.
 */
export function RolePage({ opportunity, country }: { opportunity: Opportunity; country: CountryCode }) {
  const label = scheduleLabel(opportunity.scheduleType, opportunity.sessions.length);
  const where = locationLabel(opportunity);
  const sessions = [...opportunity.sessions].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const url = `${window.location.origin}${volunteeringPaths.role(country, opportunity.charity.charityUrl, opportunity.opportunityUrl)}`;
  return (
    <div className={styles.roleLayout}>
      <title>{`${opportunity.title} · ${PRODUCT_NAME}`}</title>
      <article className={styles.role}>
        {opportunity.imageUrl ? <img className={styles.roleImage} src={opportunity.imageUrl} alt="" /> : null}
        <header className={styles.roleHeader}>
          <TagList>
            <Tag tone="accent">{label}</Tag>
            <Tag>{opportunity.opportunityType === 'Skilled' ? 'Skilled' : 'No special skills needed'}</Tag>
            {opportunity.isExclusive ? <Tag>Only for your workplace</Tag> : null}
          </TagList>
          <h1>{opportunity.title}</h1>
          <p className={styles.charityLine}>
            {opportunity.charity.logoImageUrl ? <img src={opportunity.charity.logoImageUrl} alt="" className={styles.logo} /> : null}
            <span>
              with <Link to={paths.charity(country, opportunity.charity.charityUrl)}>{opportunity.charity.name}</Link>
            </span>
          </p>
        </header>
        <dl className={styles.facts}>
          <div>
            <dt>Where</dt>
            <dd>{where}</dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>{opportunity.recurringSchedule ? recurringText(opportunity.recurringSchedule, country) : `${label} (${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'})`}</dd>
          </div>
          <div>
            <dt>Places</dt>
            <dd>{placesLeftText(opportunity.placesRemaining)}</dd>
          </div>
          {opportunity.fee ? (
            <div>
              <dt>Fee</dt>
              <dd>{feeText(opportunity.fee)}</dd>
            </div>
          ) : null}
          {opportunity.skills.length > 0 ? (
            <div>
              <dt>Skills</dt>
              <dd>{opportunity.skills.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
        <div className={styles.description}>
          {opportunity.description.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        {opportunity.recurringSchedule ? (
          <RecurringMeetings opportunity={opportunity} country={country} />
        ) : (
          <section aria-labelledby="sessions-heading" className={styles.sessions}>
            <h2 id="sessions-heading">Sessions</h2>
            <ul className={styles.sessionList}>
              {sessions.map((session) => {
                const hours = sessionHours(session, opportunity);
                return (
                  <li key={session.id} className={styles.sessionItem}>
                    <span className={styles.choiceTitle}>{sessionTimeText(session, country)}</span>
                    <span className={styles.muted}>
                      {[hours !== undefined ? hoursText(hours) : undefined, (session.location ?? opportunity.location)?.suburb, opportunity.isRemote ? 'Remote' : undefined].filter(Boolean).join(' · ')}
                    </span>
                    {session.hasEnded ? <Tag>Ended</Tag> : <Tag tone={session.isFull ? 'danger' : 'success'}>{placesLeftText(session.placesRemaining)}</Tag>}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        <ShareBar heading="Share this role" url={url} title={opportunity.title} fileName={`${opportunity.opportunityUrl}-qr`} />
      </article>
      <div className={styles.applyColumn}>
        <ApplyFlow key={opportunity.id} opportunity={opportunity} country={country} />
      </div>
    </div>
  );
}

/**
 * A recurring role's next meetings by its schedule, on the charity's clock (the server works them out), and the
 * places its roster has left: volunteers apply once and meet on every one.
 */
function RecurringMeetings({ opportunity, country }: { opportunity: Opportunity; country: CountryCode }) {
  const meetings = opportunity.upcomingMeetings ?? [];
  const roster = opportunity.sessions[0];
  const hours = opportunity.recurringSchedule?.hoursPerSession;
  const where = [opportunity.location?.suburb, opportunity.isRemote ? 'Remote' : undefined].filter(Boolean).join(' · ');
  return (
    <section aria-labelledby="sessions-heading" className={styles.sessions}>
      <h2 id="sessions-heading">Next meetings</h2>
      {roster ? (
        <p className={styles.muted}>
          Volunteers apply once and come along to every meeting. {roster.hasEnded ? 'This role has ended.' : `${placesLeftText(roster.placesRemaining)}.`}
        </p>
      ) : null}
      {meetings.length === 0 ? (
        <p className={styles.muted}>This role has no more meetings.</p>
      ) : (
        <ul className={styles.sessionList}>
          {meetings.map((meeting) => (
            <li key={meeting.startsAt} className={styles.sessionItem}>
              <span className={styles.choiceTitle}>{sessionTimeText(meeting, country)}</span>
              <span className={styles.muted}>{[hours !== undefined ? hoursText(hours) : undefined, where || undefined].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
