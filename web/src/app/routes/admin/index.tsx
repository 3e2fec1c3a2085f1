import { data, redirect, type RouteObject } from 'react-router-dom';
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
  return [...consoles.map((definition) => consoleRoute(definition)), ...consoles.map((definition) => consoleRoute(definition, '/:country'))];
}

function consoleRoute(definition: ConsoleDefinition, prefix = ''): RouteObject {
  const handle: ConsoleRouteHandle = { console: definition };
  return {
    path: `${prefix}${definition.path}`,
    handle,
    ...(prefix
      ? {
          loader: ({ params }) => {
            if (!isCountryCode(params.country)) throw data(null, { status: 404 });
            return null;
          },
        }
      : {}),
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
