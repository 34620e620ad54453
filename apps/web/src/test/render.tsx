import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { buildRoutes } from '@/app/router';
import { theme } from '@/app/theme';

/**
 * Component tests: routes rendered as the app renders them (the Mantine theme, a fresh query
 * cache that does not retry, lazy parts suspended) in a memory router at `path`. Returns the
 * router, whose `state.location` tells where a screen sent the user.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** One element on every path. */
export function renderElementAt(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}

/** The whole app's routes (guards, redirects, lazy screens) at `path`. */
export function renderApp(path: string) {
  return renderRoutes(buildRoutes(), path);
}
