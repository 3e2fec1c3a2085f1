import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { MainLayout } from '../../components/layout/main-layout';
import { NotFound } from './not-found';
import { StatusPage } from '../../components/ui/status-page';

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
      <StatusPage title="Something went wrong" lead="Sorry, this page didn’t load properly. Reloading usually fixes it." role="alert" className="page">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </StatusPage>
    </MainLayout>
  );
}
