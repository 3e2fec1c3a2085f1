import { Link } from 'react-router-dom';
import { MainLayout } from '../../components/layout/main-layout';
import { buttonClassName } from '../../components/ui/button';
import { StatusPage } from '../../components/ui/status-page';
import { DEFAULT_COUNTRY } from '../../lib/country';
import { paths } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';

export const ACCOUNT_DELETED_TITLE = 'Your account has been deleted';

/** /account-deleted: where a member lands, already signed out, after deleting their account in My Account's "Your data". */
export function AccountDeletedRoute() {
  return (
    <MainLayout>
      <title>{`${ACCOUNT_DELETED_TITLE} · ${PRODUCT_NAME}`}</title>
      <StatusPage
        title={ACCOUNT_DELETED_TITLE}
        className="page"
        lead="You’ve been signed out, and we’re removing your details from every part of Koha. The donations you made stay with the charities for their tax records, without your name. Thank you for giving."
      >
        <Link to={paths.home(DEFAULT_COUNTRY)} className={buttonClassName({ variant: 'secondary' })}>
          Go to the home page
        </Link>
      </StatusPage>
    </MainLayout>
  );
}
