import { Link } from 'react-router-dom';
import type { Opportunity, RecurringSchedule } from '@giving/shared/contracts/volunteering';
import type { CountryCode } from '@giving/shared/countries';
import { locationLabel, scheduleLabel } from '@giving/shared/volunteering-rules';
import { Tag, TagList } from '../../../components/ui/tag';
import { paths } from '../../../lib/paths';
import { PRODUCT_NAME } from '../../../lib/product';
import { dayText, feeText, hoursText, placesLeftText, sessionTimeText, volunteeringPaths } from '../volunteering-text';
import { ApplyFlow, sessionHours } from './apply-flow';
import { ShareBar } from './share-bar';
import styles from './volunteering.module.css';

const FREQUENCY_TEXT = { Weekly: 'Every week', Fortnightly: 'Every second week', Monthly: 'Every month' } as const;

/** 'Every week on Tuesday and Thursday, 09:00–12:00, from 3 Mar 2026 (3 hours each time)'. */
export function recurringText(schedule: RecurringSchedule, country: CountryCode): string {
  const days = schedule.daysOfWeek.length > 1 ? `${schedule.daysOfWeek.slice(0, -1).join(', ')} and ${schedule.daysOfWeek.at(-1)}` : (schedule.daysOfWeek[0] ?? '');
  const from = dayText(`${schedule.startDate}T12:00:00Z`, country);
  const until = schedule.endDate ? ` until ${dayText(`${schedule.endDate}T12:00:00Z`, country)}` : '';
  return `${FREQUENCY_TEXT[schedule.frequency]} on ${days}, ${schedule.startTime}–${schedule.endTime}, from ${from}${until} (${hoursText(schedule.hoursPerSession)} each time)`;
}

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
        <ShareBar url={url} title={opportunity.title} fileName={`${opportunity.opportunityUrl}-qr`} />
      </article>
      <div className={styles.applyColumn}>
        <ApplyFlow key={opportunity.id} opportunity={opportunity} country={country} />
      </div>
    </div>
  );
}
