import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { useCharity } from '../../features/charities/api/get-charity';
import { AddToGivingSlot } from '../../features/checkout/add-to-giving-part';
import { useCheckoutFormPart } from '../../features/checkout/checkout-part';
import { CharityProfile } from '../../features/charities/components/charity-profile';
import { errorMessageOf, isNotFound } from '../../lib/api-client';
import { useCountry } from '../../lib/country';
import { useFirstScreenDrawn } from '../../lib/first-screen';
import { lazyPart } from '../../lib/lazy-part';
import { GENERAL_DONATION_ANCHOR } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';
import { NotFound } from './not-found';
import styles from './pages.module.css';

/** 'More Volunteering Roles' and 'More Donations' come below the profile and the checkout, so their code comes after theirs. */
const charityRoles = lazyPart(() => import('../../features/volunteering/components/charity-roles'));
const charityGifts = lazyPart(() => import('../../features/gifts/components/charity-gifts'));
/** 'Become a member' comes last, so when a charity has plans the section appears below everything else, moving nothing. */
const charityMembership = lazyPart(() => import('../../features/memberships/components/become-a-member'));

/**
 * /:country/charity/:charityUrl — the charity's profile, its general donation checkout (page type CHARITY, anchor
 * #donate, where the gift page's 'Give a General Donation' lands), a workplace member's 'Add to giving', its volunteering
 * roles ('More Volunteering Roles'), its gifts ('More Donations') and its membership plans ('Become a member').
 */
export function CharityRoute() {
  const country = useCountry().code;
  const { charityUrl = '' } = useParams();
  const { hash } = useLocation();
  const charity = useCharity(country, charityUrl);
  const loaded = charity.isSuccess;
  // Below the checkout: after the first screen.
  const roles = charityRoles.usePart(loaded, { afterFirstScreen: true });
  const gifts = charityGifts.usePart(loaded, { afterFirstScreen: true });
  const membership = charityMembership.usePart(loaded, { afterFirstScreen: true });
  // The general donation's checkout comes once the charity has been drawn (its place is kept meanwhile).
  useFirstScreenDrawn(!charity.isPending);
  const checkout = useCheckoutFormPart(loaded, country);

  // The form exists only once the charity has loaded, after the router's own scrolling: bring it into view then.
  useEffect(() => {
    if (!loaded || hash !== `#${GENERAL_DONATION_ANCHOR}`) return;
    const form = document.getElementById(GENERAL_DONATION_ANCHOR);
    form?.scrollIntoView?.({ block: 'start' });
    form?.focus({ preventScroll: true });
  }, [loaded, hash]);

  if (charity.isError && isNotFound(charity.error)) {
    return <NotFound title="Charity not found" message="We couldn’t find that charity. It may have changed its address." />;
  }
  return (
    <div className="page">
      {charity.isPending ? (
        <LoadingBlock label="Loading charity" />
      ) : charity.isError ? (
        <ErrorState headingLevel={2} title="We couldn’t load this charity" message={errorMessageOf(charity.error)} onRetry={() => void charity.refetch()} />
      ) : (
        <div className={styles.stack}>
          <title>{`${charity.data.name} · ${PRODUCT_NAME}`}</title>
          <div className={styles.giftLayout}>
            <CharityProfile charity={charity.data} />
            <div id={GENERAL_DONATION_ANCHOR} tabIndex={-1} className={styles.purchase}>
              {checkout ? (
                <checkout.CheckoutForm key={charity.data.id} target={{ pageType: 'CHARITY', charity: charity.data }} country={country} />
              ) : (
                <div className={styles.checkoutPlace} aria-busy="true" />
              )}
            </div>
            <AddToGivingSlot className={styles.giving} target={{ pageType: 'CHARITY', charity: charity.data }} country={country} />
          </div>
          {roles ? <roles.CharityRoles charityId={charity.data.id} country={country} /> : null}
          {gifts ? <gifts.CharityGifts charityId={charity.data.id} country={country} /> : null}
          {membership ? <membership.BecomeAMember charity={charity.data} country={country} /> : null}
        </div>
      )}
    </div>
  );
}
