import { Link } from 'react-router-dom';
import { MainLayout } from '../../components/layout/main-layout';
import { Button, buttonClassName } from '../../components/ui/button';
import { StatusPage } from '../../components/ui/status-page';
import { DEFAULT_COUNTRY } from '../../lib/country';
import { paths } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';
import { requestLogin, useSession } from '../../lib/session';

export const ACCESS_DENIED_TITLE = 'Access denied';

/** /access-denied and /auth/denied: a page the member may not see (403), with a way on. */
export function AccessDeniedRoute() {
  const session = useSession();
  return (
    <MainLayout>
      <title>{`${ACCESS_DENIED_TITLE} · ${PRODUCT_NAME}`}</title>
      <StatusPage
        code="403"
        title={ACCESS_DENIED_TITLE}
        className="page"
        lead={
          session.status === 'signedIn'
            ? 'Your account doesn’t have permission to see that page. If you think it should, ask an administrator of your charity or workplace.'
            : 'You need to log in with an account that has permission to see that page.'
        }
      >
        {session.status === 'signedIn' ? (
          <Link to="/admin/user/dashboard" className={buttonClassName()}>
            Go to My Account
          </Link>
        ) : (
          <Button onClick={() => requestLogin()}>Log in</Button>
        )}
        <Link to={paths.home(DEFAULT_COUNTRY)} className={buttonClassName({ variant: 'secondary' })}>
          Go to the home page
        </Link>
      </StatusPage>
    </MainLayout>
  );
}
