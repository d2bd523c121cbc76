import { Alert } from '@mui/material';
import { errorMessage, Loading } from '@symposium/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Renders a query's data, or its loading spinner, or its error (the server's message). */
export function QueryView<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  return <>{children(query.data)}</>;
}
