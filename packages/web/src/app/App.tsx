import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { analytics } from '../api/analytics';
import { EmoticonArtProvider } from './EmoticonArtProvider';
import { createAppRouter } from './router';

/** A page view per route the member reaches (not per search or hash change). */
function trackPageViews(router: ReturnType<typeof createAppRouter>): () => void {
  let last = '';
  const seen = (pathname: string) => {
    if (pathname === last) return;
    last = pathname;
    analytics.track('page_view');
  };
  seen(router.state.location.pathname);
  return router.subscribe((state) => seen(state.location.pathname));
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(createAppRouter);
  useEffect(() => trackPageViews(router), [router]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <EmoticonArtProvider>
          <RouterProvider router={router} />
        </EmoticonArtProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
