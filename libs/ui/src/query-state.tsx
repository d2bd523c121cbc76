import { Alert, Box, CircularProgress } from '@mui/material';
import { errorMessage } from './api';
import type { ReactNode } from 'react';

/** A spinner while the queries load, the first error (the server's message) when one fails. */
export function QueryState({
  queries,
  fallback,
  children,
}: {
  queries: { isPending: boolean; isError: boolean; error: unknown; fetchStatus?: string }[];
  fallback: string;
  children: () => ReactNode;
}) {
  const failed = queries.find((q) => q.isError);
  if (failed)
    return (
      <Alert severity="error" data-testid="load-error">
        {errorMessage(failed.error, fallback)}
      </Alert>
    );
  if (queries.some((q) => q.isPending && q.fetchStatus !== 'idle'))
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  return <>{children()}</>;
}

/** A route parameter as a positive id, or NaN. */
export const routeId = (value: string | undefined): number =>
  value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
