import { useParams } from 'react-router-dom';
import { FUNDRAISING_MESSAGES } from '@giving/shared/contracts/fundraising';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { useEvent } from '../../features/fundraising/api/get-event';
import { EventView } from '../../features/fundraising/components/event-view';
import { errorMessageOf, isNotFound } from '../../lib/api-client';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { lazyPart } from '../../lib/lazy-part';
import { FundraisingPageScreen } from './fundraising-page';
import { NotFound } from './not-found';

/** The managers' tools: below the first screen, so their code and reads come after it (as a page's extras). */
const eventExtras = lazyPart(() => import('../../features/fundraising/components/event-extras'));
/** Live progress (the event's totals moving as gifts arrive): its socket client waits for the first screen. */
const liveProgress = lazyPart(() => import('../../features/fundraising/live-progress'));

/**
 * /:country/fundraising/:eventUrl — a fundraising event (spec 1 §2). A single-page event is its one page, shown at
 * the event's own address.
 */
export function FundraisingEventRoute() {
  const country = useCountry().code;
  const { eventUrl = '' } = useParams();
  const event = useEvent(eventUrl);
  const single = event.data?.kind === 'SinglePage' ? event.data : undefined;
  // A single-page event's page says when its own first screen is drawn.
  useFirstScreenDrawn(!event.isPending && !single);
  const live = liveProgress.usePart(event.isSuccess && !single, { afterFirstScreen: true });
  const extras = eventExtras.usePart(event.isSuccess && !single, { afterFirstScreen: true });

  if (event.isError && isNotFound(event.error)) return <NotFound title="Fundraising event not found" message={FUNDRAISING_MESSAGES.eventNotFound} />;
  if (single) return <FundraisingPageScreen eventUrl={single.eventUrl} pageUrl={single.pages[0]?.pageUrl ?? single.eventUrl} />;
  return (
    <div className="page">
      {event.isPending ? (
        <LoadingBlock label="Loading fundraising event" />
      ) : event.isError ? (
        <ErrorState headingLevel={2} title="We couldn’t load this event" message={errorMessageOf(event.error)} onRetry={() => void event.refetch()} />
      ) : (
        <>
          {live ? <live.LiveEventProgress key={event.data.id} event={event.data} /> : null}
          <EventView event={event.data} country={country}>
            {extras ? <extras.EventExtras key={event.data.id} event={event.data} country={country} /> : null}
          </EventView>
        </>
      )}
    </div>
  );
}
