import { Link } from 'react-router-dom';
import { buttonClassName } from '../../components/ui/button';
import { StatusPage } from '../../components/ui/status-page';
import { useCountry } from '../../lib/country';
import { paths } from '../../lib/paths';
import { PRODUCT_NAME } from '../../lib/product';

/** Unknown paths and unknown countries; also used by pages whose item does not exist. */
export function NotFound({ title = 'Page not found', message = 'We couldn’t find the page you were looking for. It may have moved, or the address may be mistyped.' }: { title?: string; message?: string }) {
  const country = useCountry();
  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <StatusPage code="404" title={title} lead={message} className="page">
        <Link to={paths.charities(country.code)} className={buttonClassName()}>
          Browse charities
        </Link>
      </StatusPage>
    </>
  );
}
