import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { appRoutes, patchAdminRoutes } from '../app/router';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Renders the real route table at `path`, as the app does (lazy route modules included). */
export function renderApp(path: string, { queryClient = createTestQueryClient() } = {}) {
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path], patchRoutesOnNavigation: patchAdminRoutes });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient, user: userEvent.setup() };
}

/** Renders one element at `path` with extra routes beside it (e.g. where a page navigates to). */
export function renderWithRouter(
  element: ReactElement,
  { path = '/', routePath = path, routes = [], queryClient = createTestQueryClient(), userOptions = {} }: {
    path?: string;
    routePath?: string;
    routes?: RouteObject[];
    queryClient?: QueryClient;
    userOptions?: Parameters<typeof userEvent.setup>[0];
  } = {},
) {
  const router = createMemoryRouter([{ path: routePath, element }, ...routes], { initialEntries: [path] });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient, user: userEvent.setup(userOptions) };
}
