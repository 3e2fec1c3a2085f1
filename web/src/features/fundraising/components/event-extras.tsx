import type { FundraisingEvent } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { QueryStates } from '../../../components/ui/query-states';
import { useEventForUpdate } from '../api/get-event-for-update';
import { useEventPages } from '../api/get-event-pages';
import { useMyRole } from '../api/get-my-role';
import type { Team } from '../api/keys';
import { contentOf } from '../content-values';
import { FundraisingTable } from './console-table';
import { EditContent, Invitations, ManageTools, Members } from './owner-tools';
import styles from './fundraising.module.css';

/**
 * What an event shows below its first screen (a chunk of its own, asked for once that screen is drawn): for those
 * who can manage it (GET .../me), its tools.
 */
export function EventExtras({ event, country }: { event: FundraisingEvent; country: CountryCode }) {
  const role = useMyRole({ kind: 'event', id: event.id });
  return role.data?.canManage ? <EventOwnerTools event={event} country={country} /> : null;
}

/**
 * The event's Owner's and Admins' tools: edit it, take it offline or online (its pages with it), its team and
 * invitations, and all its pages, offline ones too (the event's own page lists only the online ones).
 */
export function EventOwnerTools({ event, country }: { event: FundraisingEvent; country: CountryCode }) {
  const team: Team = { kind: 'event', id: event.id };
  return (
    <ManageTools team={team} isOnline={event.isOnline} editor={(onDone) => <EventEditor eventId={event.id} onDone={onDone} />}>
      <Members team={team} />
      <Invitations team={team} country={country} />
      <EventPages eventId={event.id} />
    </ManageTools>
  );
}

/** The edit form, filled from the event as its managers read it (GET .../edit). */
function EventEditor({ eventId, onDone }: { eventId: string; onDone: (notice: string) => void }) {
  const event = useEventForUpdate(eventId);
  if (!event.isSuccess) return <QueryStates query={event} loading="Loading the event" failed="We couldn’t load the event to edit" headingLevel={3} />;
  return <EditContent team={{ kind: 'event', id: eventId }} initial={contentOf(event.data)} currency={event.data.currency} onDone={onDone} />;
}

function EventPages({ eventId }: { eventId: string }) {
  const pages = useEventPages(eventId);
  return (
    <div className={styles.panel}>
      <h3>All pages</h3>
      <p className={styles.muted}>Every page of this event, offline ones too (the event’s page lists only those online).</p>
      {!pages.isSuccess ? (
        <QueryStates query={pages} loading="Loading the event’s pages" failed="We couldn’t load the event’s pages" headingLevel={4} />
      ) : pages.data.items.length === 0 ? (
        <p className={styles.muted}>No one has made a page for this event yet.</p>
      ) : (
        <FundraisingTable caption="All pages of this event" rows={pages.data.items.map((item) => ({ type: 'page', item }))} />
      )}
    </div>
  );
}
