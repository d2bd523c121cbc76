import {
  Alert,
  Box,
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
import { errorMessage } from '@symposium/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * A column header; a column with a `field` sorts the list by that field. A column without a visible label (row
 * actions) is announced by `hiddenLabel` (default "Actions") so no header cell is empty (axe empty-table-header).
 */
export interface DataColumn<F extends string> {
  label: string;
  field?: F;
  hiddenLabel?: string;
}

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

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
 * A table wider than the screen (a phone) scrolls inside its container, which
 * is a named, focusable region so the keyboard can scroll it too.
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
      <Stack direction="row" alignItems="center" sx={{ px: 2, pt: 1, gap: 2, flexWrap: 'wrap' }}>
        <Typography data-testid={countTestId}>
          {total === undefined ? ' ' : `${total} ${noun}${total === 1 ? '' : 's'}`}
        </Typography>
        {toolbar}
      </Stack>
      {fetching ? <LinearProgress /> : <div style={{ height: 4 }} />}
      <TableContainer role="region" aria-label={label} tabIndex={0} sx={scrollSx}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {leadingHeader}
              {columns.map((c, i) => {
                const active = c.field !== undefined && sort?.field === c.field;
                return (
                  <TableCell key={c.label || `column-${i}`} sortDirection={active ? sort!.order : false}>
                    {c.field !== undefined && onSortChange ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? sort!.order : 'asc'}
                        onClick={() => onSortChange(nextSort(sort, c.field!))}
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : c.label ? (
                      c.label
                    ) : (
                      <Box component="span" sx={visuallyHidden}>
                        {c.hiddenLabel ?? 'Actions'}
                      </Box>
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

/** A query of one page of a server-paged list: its rows and the number of rows over all pages. */
type PageQuery<T> = UseQueryResult<{ data: T[]; count: number }>;

/**
 * A DataTable of the page `query` holds (rows, count, fetching), after the query's error (the server's
 * message, in an alert with `errorTestId`) when it fails.
 */
export function QueryDataTable<T, F extends string = never>({
  query,
  errorTestId,
  ...table
}: Omit<Parameters<typeof DataTable<T, F>>[0], 'rows' | 'total' | 'fetching'> & {
  query: PageQuery<T>;
  errorTestId?: string;
}) {
  return (
    <>
      {query.isError ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={errorTestId}>
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      <DataTable {...table} rows={query.data?.data} total={query.data?.count} fetching={query.isFetching} />
    </>
  );
}

/**
 * The scrolling container of a wide table: a keyboard focus ring, since Tab reaches it; positioned, so that
 * visually hidden header text (position: absolute) stays inside it instead of widening the page.
 */
export const scrollSx = {
  overflowX: 'auto',
  position: 'relative',
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '-3px' },
} as const;

/**
 * The props of a table's scrolling box (a TableContainer) that scrolls sideways on a phone: a named region the
 * keyboard can reach (Tab, then the arrow keys), with the focus ring of scrollSx.
 */
export const scrollRegion = (label: string) =>
  ({ role: 'region', 'aria-label': label, tabIndex: 0, sx: scrollSx }) as const;

/** The header cell of a column of row actions: no visible text, "Actions" (or `label`) for screen readers. */
export function ActionsHeaderCell({ label = 'Actions' }: { label?: string }) {
  return (
    <TableCell sx={{ position: 'relative' }}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </TableCell>
  );
}

/**
 * A column of an ItemTable: its header text, right-aligned when `align` says so (numbers, row actions), or
 * read by screen readers only when `hidden` (a column of actions).
 */
export type ItemColumn = string | { label: string; align?: 'right'; hidden?: boolean };

const itemHeaderCell = (c: ItemColumn) => {
  if (typeof c === 'string') return <TableCell key={c}>{c}</TableCell>;
  if (c.hidden) return <ActionsHeaderCell key={c.label} label={c.label} />;
  return (
    <TableCell key={c.label} align={c.align}>
      {c.label}
    </TableCell>
  );
};

/**
 * A small list's whole table (no paging, no sorting): a scrolling region named `label` (or `regionLabel`),
 * the header row of `columns`, the rows `renderRow` draws, and the one row `emptyText` when there are none.
 * `outlined` puts it on an outlined Paper (the default); inside a card it stands without. `actions` adds the
 * header of a column of row actions (no visible text, "Actions" for screen readers).
 */
export function ItemTable<T>({
  label,
  regionLabel = label,
  columns,
  rows,
  renderRow,
  bodyTestId,
  emptyText,
  outlined = true,
  actions = false,
}: {
  label: string;
  regionLabel?: string;
  columns: ItemColumn[];
  rows: T[];
  /** A whole `<TableRow>` with its key. */
  renderRow: (row: T, index: number) => ReactNode;
  bodyTestId?: string;
  emptyText?: string;
  outlined?: boolean;
  actions?: boolean;
}) {
  const paper = outlined ? ({ component: Paper, variant: 'outlined' } as const) : {};
  return (
    <TableContainer {...paper} {...scrollRegion(regionLabel)}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map(itemHeaderCell)}
            {actions ? <ActionsHeaderCell /> : null}
          </TableRow>
        </TableHead>
        <TableBody data-testid={bodyTestId}>
          {rows.map(renderRow)}
          {emptyText && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + (actions ? 1 : 0)}>{emptyText}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The filter and page of a server-paged list: `apply` sets another filter and goes back to the first page;
 * `paging` is the DataTable's. `page` is 0-based (the API's `cp` is `page + 1`).
 */
export function usePagedFilter<F>(initial: F, pageSize: number) {
  const [filter, setFilter] = useState<F>(initial);
  const [page, setPage] = useState(0);
  const apply = (next: F) => {
    setFilter(next);
    setPage(0);
  };
  const paging: DataPaging = { page, pageSize, onPageChange: setPage };
  return { filter, page, apply, paging };
}
