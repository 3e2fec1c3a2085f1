import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { isCountryCode } from '@giving/shared/countries';
import { consoleBasePath, type ConsoleDefinition, type ConsoleRouteHandle } from '../../../features/consoles/console-definition';
import { CONSOLES } from './registry';

/**
 * The consoles' routes (/admin/charity/:charityId/..., /admin/workplace/:workplaceId/..., /admin/user/...,
 * /admin/backoffice/..., /admin/cms/...), built from the registry, at those addresses and under a country
 * (/{country}/admin/..., spec §2: routes are prefixed by a country code; e.g. the payroll confirmation's
 * /{country}/admin/user/donations/upcoming). The layout and every screen are lazy chunks. A console's own address
 * goes to its home screen; an unknown screen shows not-found inside the console, an unknown country not-found.
 *
 * Route objects are made fresh on each call: the router resolves `lazy` by writing to the object, so no two
 * routes (or two routers) may share one.
 */
export function adminRoutes(consoles: readonly ConsoleDefinition[] = CONSOLES): RouteObject[] {
  return [
    ...consoles.map((definition) => consoleRoute(definition)),
    ...consoles.map((definition) => consoleRoute(definition, '/:country')),
    ...consoleChooserRoutes(''),
    ...consoleChooserRoutes('/:country'),
  ];
}

/**
 * The charity and workplace consoles' addresses without an id (/admin/charity, /admin/workplace): the member's own
 * console of that kind, a choice among several, or word that they have none; never the gift page those two
 * segments would otherwise match under a country. Any other address under /admin is not found.
 */
function consoleChooserRoutes(prefix: string): RouteObject[] {
  const chooser = (kind: 'charity' | 'workplace'): RouteObject => ({
    path: `${prefix}/admin/${kind}`,
    ...countryChecked(prefix),
    lazy: {
      Component: async () => {
        const { ConsoleChooser } = await import('../../../features/consoles/components/console-chooser');
        return () => <ConsoleChooser kind={kind} />;
      },
    },
  });
  return [
    chooser('charity'),
    chooser('workplace'),
    // Any other address under /admin is no page (not a gift whose charity is called 'admin').
    {
      path: `${prefix}/admin/*`,
      lazy: {
        Component: async () => {
          const [{ MainLayout }, { NotFound }] = await Promise.all([import('../../../components/layout/main-layout'), import('../not-found')]);
          return () => (
            <MainLayout>
              <NotFound />
            </MainLayout>
          );
        },
      },
    },
  ];
}

/** Under a country prefix, an unknown country is not found before anything loads. */
function countryChecked(prefix: string): Pick<RouteObject, 'loader'> {
  if (!prefix) return {};
  return {
    loader: ({ params }: LoaderFunctionArgs) => {
      if (!isCountryCode(params.country)) throw data(null, { status: 404 });
      return null;
    },
  };
}

function consoleRoute(definition: ConsoleDefinition, prefix = ''): RouteObject {
  const handle: ConsoleRouteHandle = { console: definition };
  return {
    path: `${prefix}${definition.path}`,
    handle,
    ...countryChecked(prefix),
    lazy: { Component: async () => (await import('../../../features/consoles/components/console-layout')).ConsoleLayout },
    children: [
      // The loader always redirects, so nothing renders here.
      { index: true, loader: ({ params }) => redirect(`${consoleBasePath(definition, params)}/${definition.home}`), element: null },
      ...definition.screens.map(
        (screen): RouteObject => ({
          path: screen.path,
          handle: { screen } satisfies ConsoleRouteHandle,
          lazy: { Component: screen.load },
        }),
      ),
      {
        path: '*',
        lazy: { Component: async () => (await import('../../../features/consoles/components/screen-not-found')).ScreenNotFound },
      },
    ],
  };
}
