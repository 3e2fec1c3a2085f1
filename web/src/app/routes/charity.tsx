import { useParams } from 'react-router-dom';
import { ErrorState } from '../../components/ui/empty-state';
import { LoadingBlock } from '../../components/ui/spinner';
import { useCharity } from '../../features/charities/api/get-charity';
import { CharityProfile } from '../../features/charities/components/charity-profile';
import { CharityGifts } from '../../features/gifts/components/charity-gifts';
import { errorMessageOf, isNotFound } from '../../lib/api-client';
import { useCountry } from '../../lib/country';
import { PRODUCT_NAME } from '../../lib/product';
import { NotFound } from './not-found';
import styles from './pages.module.css';

/** /:country/charity/:charityUrl — the charity's profile and its gifts ('More Donations'). */
export function CharityRoute() {
  const country = useCountry().code;
  const { charityUrl = '' } = useParams();
  const charity = useCharity(country, charityUrl);

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
          <CharityProfile charity={charity.data} />
          <CharityGifts charityUrl={charity.data.charityUrl} country={country} />
        </div>
      )}
    </div>
  );
}
