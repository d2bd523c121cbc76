import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SessionProvider } from './auth';
import { NotifyProvider } from './notify';
import { theme } from './theme';

/** Theme, data cache, session (start-up loading) and toasts: the same in both apps. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <SessionProvider>
          <NotifyProvider>{children}</NotifyProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
