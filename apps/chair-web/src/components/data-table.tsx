import {
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';

/** A column header; a column with a `field` sorts the list by that field. */
export interface DataColumn<F extends string> {
  label: string;
  field?: F;
}

export interface DataSort<F extends string> {
  field: F;
  order: 'asc' | 'desc';
}

/** The page on show: 0-based, of `pageSize` rows out of `total`. */
export interface DataPaging {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** Clicking a column header sorts by it ascending, clicking it again flips the order. */
export function nextSort<F extends string>(sort: DataSort<F> | undefined, field: F): DataSort<F> {
  return sort?.field === field
    ? { field, order: sort.order === 'asc' ? 'desc' : 'asc' }
    : { field, order: 'asc' };
}

/**
 * The chair console's list table: a count line ("3 papers"), a progress bar
 * while fetching, sortable column headers and a pager. The server sorts and
 * pages: the table shows one page of rows and reports sort and page changes.
 */
export function DataTable<T, F extends string = never>({
  label,
  columns,
  rows,
  total,
  noun,
  countTestId,
  bodyTestId,
  renderRow,
  fetching,
  toolbar,
  leadingHeader,
  emptyText,
  sort,
  onSortChange,
  paging,
}: {
  /** The table's accessible name. */
  label: string;
  columns: DataColumn<F>[];
  /** One page of rows; undefined until the first answer. */
  rows: T[] | undefined;
  /** The number of rows over all pages; undefined until the first answer. */
  total: number | undefined;
  /** What a row is, in the singular ("paper"): the count line reads "3 papers". */
  noun: string;
  countTestId: string;
  bodyTestId: string;
  /** A whole `<TableRow>` (rows own their menus and dialogs). */
  renderRow: (row: T) => ReactNode;
  fetching: boolean;
  /** Shown after the count line (selection, bulk actions). */
  toolbar?: ReactNode;
  /** A header cell before the columns (a select-all checkbox). */
  leadingHeader?: ReactNode;
  /** The one row shown when the page is empty. */
  emptyText?: string;
  sort?: DataSort<F>;
  onSortChange?: (sort: DataSort<F>) => void;
  paging: DataPaging;
}) {
  const { page, pageSize, onPageChange } = paging;
  const count = total ?? 0;
  const columnCount = columns.length + (leadingHeader ? 1 : 0);
  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={2} alignItems="center" sx={{ px: 2, pt: 1 }}>
        <Typography data-testid={countTestId}>
          {total === undefined ? ' ' : `${total} ${noun}${total === 1 ? '' : 's'}`}
        </Typography>
        {toolbar}
      </Stack>
      {fetching ? <LinearProgress /> : <div style={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {leadingHeader}
              {columns.map((c, i) => {
                const active = c.field !== undefined && sort?.field === c.field;
                return (
                  <TableCell key={c.label || i} sortDirection={active ? sort!.order : false}>
                    {c.field !== undefined && onSortChange ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? sort!.order : 'asc'}
                        onClick={() => onSortChange(nextSort(sort, c.field!))}
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody data-testid={bodyTestId}>
            {(rows ?? []).map(renderRow)}
            {emptyText && rows?.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columnCount}>{emptyText}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={page > 0 && page * pageSize >= count ? 0 : page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_e, p) => onPageChange(p)}
      />
    </Paper>
  );
}
