import { Alert } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@symposium/ui';
import type { ComponentProps } from 'react';
import { DataTable } from './data-table';

/** One page of a server-side list, as the API answers it. */
export interface PageOf<T> {
  data: T[];
  count: number;
}

/**
 * A `DataTable` showing the page a query fetched (its rows, total and fetching state), with the query's
 * error above it (`errorText` when the error has no message).
 */
export function QueryTable<T, F extends string = never>({
  query,
  errorText,
  ...table
}: Omit<ComponentProps<typeof DataTable<T, F>>, 'rows' | 'total' | 'fetching'> & {
  query: UseQueryResult<PageOf<T>>;
  errorText?: string;
}) {
  return (
    <>
      {query.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(query.error, errorText)}
        </Alert>
      ) : null}
      <DataTable rows={query.data?.data} total={query.data?.count} fetching={query.isFetching} {...table} />
    </>
  );
}
