import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * The one TanStack Query cache of the app. Screens are wrapped when their lazy chunk loads, so
 * the query library is not part of the map route's initial JS (the map itself needs no query).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

export function withQuery<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQuery(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQuery.displayName = `WithQuery(${Component.displayName ?? Component.name})`;
  return WithQuery;
}
