import { lazy, Suspense } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotificationsWanted } from '../shared/api/notify';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { buildRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

const router = createBrowserRouter(buildRoutes());

/** The notification container loads with the first notice, not with the map. */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

function LazyNotifications() {
  const wanted = useNotificationsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={4} zIndex={4000} />
    </Suspense>
  );
}

export function App() {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <LazyNotifications />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
