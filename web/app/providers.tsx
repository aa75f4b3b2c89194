import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { theme } from './theme';

/**
 * Theme and session for the whole app. The data cache (react-query) is not here: it comes with
 * each screen that reads data (with-queries.ts), so the log-in route's first load goes without it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider>{children}</SessionProvider>
    </ThemeProvider>
  );
}
