import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { runtimeConfigQueryOptions } from '../lib/config';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [{ queryClient, router }] = useState(() => {
    const client = createQueryClient();
    // Loaded once at start: the checkout needs it for the card gateway, so it should be there before the donor is.
    void client.prefetchQuery(runtimeConfigQueryOptions());
    return { queryClient: client, router: createAppRouter(client) };
  });
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
