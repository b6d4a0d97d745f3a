import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PanelRoutes } from './app/router.tsx';
import { BaseTheme } from './app/theme.tsx';
import { ToastHost } from './platform/toast.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BaseTheme>
        <BrowserRouter>
          <PanelRoutes />
        </BrowserRouter>
        <ToastHost />
      </BaseTheme>
    </QueryClientProvider>
  </StrictMode>,
);
