import { MainLayout } from '../../components/layout/main-layout';
import { ApiReference } from '../../features/developers/components/api-reference';
import { PRODUCT_NAME } from '../../lib/product';

export const API_REFERENCE_TITLE = 'API reference';

/** /developers/api — for integrators: every call of the API, who may make it, what it takes and answers. */
export function DevelopersApiRoute() {
  return (
    <MainLayout>
      <title>{`${API_REFERENCE_TITLE} · ${PRODUCT_NAME}`}</title>
      <div className="page">
        <h1>{API_REFERENCE_TITLE}</h1>
        <ApiReference />
      </div>
    </MainLayout>
  );
}
