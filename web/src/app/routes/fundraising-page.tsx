import { useParams } from 'react-router-dom';
import { FUNDRAISING_MESSAGES } from '@giving/shared/contracts/fundraising';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { usePage } from '../../features/fundraising/api/get-page';
import { PageView } from '../../features/fundraising/components/page-view';
import { errorMessageOf, isNotFound } from '../../lib/api-client';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { lazyPart } from '../../lib/lazy-part';
import { NotFound } from './not-found';

/** Donors, comments, sharing and the owner's tools: below the first screen, so their code and reads come after it. */
const pageExtras = lazyPart(() => import('../../features/fundraising/components/page-extras'));
/** Live progress (the totals and donors moving as gifts arrive): its socket client also waits for the first screen. */
const liveProgress = lazyPart(() => import('../../features/fundraising/live-progress'));

/** A fundraising page, by its event's and its own address; a single-page event's page also answers at the event's. */
export function FundraisingPageScreen({ eventUrl, pageUrl }: { eventUrl: string; pageUrl: string }) {
  const country = useCountry().code;
  const page = usePage(eventUrl, pageUrl);
  useFirstScreenDrawn(!page.isPending);
  const extras = pageExtras.usePart(page.isSuccess, { afterFirstScreen: true });
  const live = liveProgress.usePart(page.isSuccess, { afterFirstScreen: true });

  if (page.isError && isNotFound(page.error)) return <NotFound title="Fundraising page not found" message={FUNDRAISING_MESSAGES.pageNotFound} />;
  return (
    <div className="page">
      {page.isPending ? (
        <LoadingBlock label="Loading fundraising page" />
      ) : page.isError ? (
        <ErrorState headingLevel={2} title="We couldn’t load this page" message={errorMessageOf(page.error)} onRetry={() => void page.refetch()} />
      ) : (
        // `give`: the FUNDRAISE checkout is mounted here once its donate call exists (the next issue); nothing until then.
        <PageView page={page.data} country={country} give={undefined}>
          {live ? <live.LivePageProgress key={`live-${page.data.id}`} page={page.data} eventUrl={eventUrl} pageUrl={pageUrl} /> : null}
          {extras ? <extras.PageExtras key={page.data.id} page={page.data} country={country} /> : null}
        </PageView>
      )}
    </div>
  );
}

/** /:country/fundraising/:eventUrl/:pageUrl — a page within an event (spec 1 §2). */
export function FundraisingPageRoute() {
  const { eventUrl = '', pageUrl = '' } = useParams();
  return <FundraisingPageScreen eventUrl={eventUrl} pageUrl={pageUrl} />;
}
