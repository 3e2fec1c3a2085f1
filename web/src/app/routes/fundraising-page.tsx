import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { FUNDRAISING_MESSAGES } from '@giving/shared/contracts/fundraising';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { useCheckoutFormPart } from '../../features/checkout/checkout-part';
import { usePage } from '../../features/fundraising/api/get-page';
import { usePageCampaignBanners } from '../../features/matching/components/product-campaigns';
import { publicFundraisingKey } from '../../features/fundraising/api/keys';
import { PageView } from '../../features/fundraising/components/page-view';
import { errorMessageOf, isNotFound } from '../../lib/api-client';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { lazyPart } from '../../lib/lazy-part';
import { NotFound } from './not-found';
import styles from './pages.module.css';

/** Donors, comments, sharing and the owner's tools: below the first screen, so their code and reads come after it. */
const pageExtras = lazyPart(() => import('../../features/fundraising/components/page-extras'));
/** Live progress (the totals and donors moving as gifts arrive): its socket client also waits for the first screen. */
const liveProgress = lazyPart(() => import('../../features/fundraising/live-progress'));

/** A fundraising page, by its event's and its own address; a single-page event's page also answers at the event's. */
export function FundraisingPageScreen({ eventUrl, pageUrl }: { eventUrl: string; pageUrl: string }) {
  const country = useCountry().code;
  const page = usePage(eventUrl, pageUrl);
  const queryClient = useQueryClient();
  useFirstScreenDrawn(!page.isPending);
  const extras = pageExtras.usePart(page.isSuccess, { afterFirstScreen: true });
  // The FUNDRAISE checkout, only while the page takes donations: its code comes after the first screen (the page's
  // picture, title and totals), in its own chunk, while its place is kept so nothing moves when it arrives.
  const open = page.isSuccess && page.data.status === 'Open';
  const checkout = useCheckoutFormPart(open, country);
  // Matching campaigns on the page or its event (spec 2 §7 "get for page"): above the checkout, arriving with it.
  const campaigns = usePageCampaignBanners(open ? page.data.id : undefined, page.data?.eventId);
  const live = liveProgress.usePart(page.isSuccess, { afterFirstScreen: true });
  // The checkout's callbacks keep their identity (the query's refetch does), so it does not render again with the page.
  const forgetPageLists = useCallback(() => void queryClient.invalidateQueries({ queryKey: publicFundraisingKey, refetchType: 'none' }), [queryClient]);

  if (page.isError && isNotFound(page.error)) return <NotFound title="Fundraising page not found" message={FUNDRAISING_MESSAGES.pageNotFound} />;
  return (
    <div className="page">
      {page.isPending ? (
        <LoadingBlock label="Loading fundraising page" />
      ) : page.isError ? (
        <ErrorState headingLevel={2} title="We couldn’t load this page" message={errorMessageOf(page.error)} onRetry={() => void page.refetch()} />
      ) : (
        <PageView
          page={page.data}
          country={country}
          give={
            open ? (
              checkout && campaigns.ready ? (
                <>
                  {campaigns.banners}
                  <checkout.CheckoutForm
                    key={page.data.id}
                    target={{ pageType: 'FUNDRAISE', page: page.data }}
                    country={country}
                    // Ended or taken offline meanwhile (409): the page's new status replaces the checkout.
                    onPageClosed={page.refetch}
                    // A gift counts toward the page, its event and the lists: read them afresh when next shown (the
                    // thank-you opens now, so nothing is read again here).
                    onPaid={forgetPageLists}
                  />
                </>
              ) : (
                <div className={styles.checkoutPlace} aria-busy="true" />
              )
            ) : undefined
          }
        >
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
