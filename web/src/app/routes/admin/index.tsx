import { generatePath, redirect, type RouteObject } from 'react-router-dom';
import type { ConsoleDefinition, ConsoleRouteHandle } from '../../../features/consoles/console-definition';
import { CONSOLES } from './registry';

/**
 * The consoles' routes (/admin/charity/:charityId/..., /admin/workplace/:workplaceId/..., /admin/user/...,
 * /admin/backoffice/..., /admin/cms/...), built from the registry. The layout and every screen are lazy chunks.
 * A console's own address goes to its home screen; an unknown screen shows not-found inside the console.
 *
 * Route objects are made fresh on each call: the router resolves `lazy` by writing to the object, so no two
 * routes (or two routers) may share one.
 */
export function adminRoutes(consoles: readonly ConsoleDefinition[] = CONSOLES): RouteObject[] {
  return consoles.map(consoleRoute);
}

function consoleRoute(definition: ConsoleDefinition): RouteObject {
  const handle: ConsoleRouteHandle = { console: definition };
  return {
    path: definition.path,
    handle,
    lazy: { Component: async () => (await import('../../../features/consoles/components/console-layout')).ConsoleLayout },
    children: [
      // The loader always redirects, so nothing renders here.
      { index: true, loader: ({ params }) => redirect(`${generatePath(definition.path, params)}/${definition.home}`), element: null },
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
