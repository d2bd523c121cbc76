import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { ActionsHeaderCell, scrollRegion } from './data-table';

/** A header: its text, or a right-aligned one, or one read by screen readers only (a column of actions). */
export type SimpleColumn = string | { label: string; align?: 'right'; hidden?: boolean };

const headerCell = (c: SimpleColumn) => {
  if (typeof c === 'string') return <TableCell key={c}>{c}</TableCell>;
  if (c.hidden) return <ActionsHeaderCell key={c.label} label={c.label} />;
  return (
    <TableCell key={c.label} align={c.align}>
      {c.label}
    </TableCell>
  );
};

/**
 * A small table of a whole list (no paging): a named, scrollable region with its header cells, the rows
 * and, when there are none, one row saying so (`emptyText`). `actions` adds the header of a column of row
 * actions (no visible text, "Actions" for screen readers).
 */
export function SimpleTable<T>({
  label,
  headers,
  actions = false,
  bodyTestId,
  paper = false,
  rows,
  renderRow,
  emptyText,
}: {
  /** The table's accessible name (and its region's). */
  label: string;
  headers: SimpleColumn[];
  actions?: boolean;
  bodyTestId?: string;
  /** On an outlined paper of its own. */
  paper?: boolean;
  rows: T[];
  /** A whole `<TableRow>` with its key. */
  renderRow: (row: T) => ReactNode;
  emptyText?: string;
}) {
  return (
    <TableContainer
      {...(paper ? { component: Paper, variant: 'outlined' as const } : {})}
      {...scrollRegion(label)}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map(headerCell)}
            {actions ? <ActionsHeaderCell /> : null}
          </TableRow>
        </TableHead>
        <TableBody data-testid={bodyTestId}>
          {rows.map(renderRow)}
          {rows.length === 0 && emptyText ? (
            <TableRow>
              <TableCell colSpan={headers.length + (actions ? 1 : 0)}>{emptyText}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
