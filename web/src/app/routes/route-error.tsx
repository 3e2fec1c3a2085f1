import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { MainLayout } from '../../components/layout/main-layout';
import { NotFound } from './not-found';
import styles from './pages.module.css';

/** Anything a page throws while rendering, and a page's code failing to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <MainLayout>
        <NotFound />
      </MainLayout>
    );
  }
  console.error(error);
  return (
    <MainLayout>
      <div className={`page ${styles.centred}`} role="alert">
        <h1>Something went wrong</h1>
        <p className={styles.lead}>Sorry, this page didn’t load properly. Reloading usually fixes it.</p>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </div>
    </MainLayout>
  );
}
