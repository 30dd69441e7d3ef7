import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { EmoticonArtProvider } from './EmoticonArtProvider';
import { createAppRouter } from './router';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <EmoticonArtProvider>
          <RouterProvider router={createAppRouter()} />
        </EmoticonArtProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
