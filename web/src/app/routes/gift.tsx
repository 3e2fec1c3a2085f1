import { useParams } from 'react-router-dom';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { AddToGivingSlot } from '../../features/checkout/add-to-giving-part';
import { useCheckoutFormPart } from '../../features/checkout/checkout-part';
import { useGift } from '../../features/gifts/api/get-gift';
import { GeneralDonation } from '../../features/gifts/components/general-donation';
import { GiftDetails, GiftUnavailableNotice, giftAvailability } from '../../features/gifts/components/gift-details';
import { useProductCampaignBanners } from '../../features/matching/components/product-campaigns';
import { errorMessageOf, isNotFound } from '../../lib/api-client';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { PRODUCT_NAME } from '../../lib/product';
import { NotFound } from './not-found';
import styles from './pages.module.css';

/**
 * /:country/:charityUrl/:productUrl (and /:country/charity/:charityUrl/:productUrl) — spec §2 "Gift page":
 * its matching campaigns above it, the gift, its purchase panel while it is active (with a workplace member's 'Add to
 * giving'), and the way to a general donation.
 */
export function GiftRoute() {
  const country = useCountry().code;
  const { charityUrl = '', productUrl = '' } = useParams();
  const gift = useGift(charityUrl, productUrl);
  // The gift's matching banners come above it: the gift shows with them, never to be pushed down by them.
  const campaigns = useProductCampaignBanners(gift.data?.id);
  // The checkout comes once the gift has been drawn (below it on a phone; its place is kept meanwhile).
  useFirstScreenDrawn((gift.isSuccess && campaigns.ready) || gift.isError);
  const checkout = useCheckoutFormPart(gift.isSuccess && campaigns.ready, country);
  // One function for the page's life (the query's refetch is), so the checkout does not render again with the page.
  const refetchGift = gift.refetch;

  if (gift.isError && isNotFound(gift.error)) {
    return <NotFound title="Gift not found" message="We couldn’t find that gift. It may have been removed by the charity." />;
  }
  if (gift.isPending || gift.isError || !campaigns.ready) {
    return (
      <div className="page">
        {!gift.isError ? (
          <LoadingBlock label="Loading gift" />
        ) : (
          <ErrorState headingLevel={2} title="We couldn’t load this gift" message={errorMessageOf(gift.error)} onRetry={() => void gift.refetch()} />
        )}
      </div>
    );
  }
  const availability = giftAvailability(gift.data, country);
  return (
    <div className={`page ${styles.stack}`}>
      <title>{`${gift.data.title} · ${PRODUCT_NAME}`}</title>
      {campaigns.banners}
      <div className={styles.giftLayout}>
        <GiftDetails gift={gift.data} country={country} />
        <div className={styles.purchase}>
          {!availability.givable ? (
            <GiftUnavailableNotice message={availability.message} />
          ) : checkout ? (
            <checkout.CheckoutForm key={gift.data.id} target={{ pageType: 'GIFT', gift: gift.data }} country={country} onGiftChanged={refetchGift} />
          ) : (
            <div className={styles.checkoutPlace} aria-busy="true" />
          )}
        </div>
        {availability.givable ? (
          <AddToGivingSlot className={styles.giving} target={{ pageType: 'GIFT', gift: gift.data }} country={country} onGiftChanged={refetchGift} />
        ) : null}
      </div>
      <GeneralDonation charityUrl={gift.data.charity.charityUrl} country={country} />
    </div>
  );
}
