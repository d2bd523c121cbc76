import { TableCell } from '@mui/material';
import type { ChairPaperDto } from '@symposium/domain';
import { primaryAuthorName } from './paper-labels';

/** What the paper tables say about their rows (the count line, the empty row, the test ids). */
export const PAPER_TABLE = {
  noun: 'paper',
  countTestId: 'paper-count',
  bodyTestId: 'paper-rows',
  emptyText: 'No papers match.',
} as const;

/** The first cells of a paper row: ID, title, primary author and track. */
export function PaperCells({ paper }: { paper: ChairPaperDto }) {
  return (
    <>
      <TableCell>{paper._id}</TableCell>
      <TableCell>{paper.title}</TableCell>
      <TableCell>{primaryAuthorName(paper)}</TableCell>
      <TableCell>{paper.trackName}</TableCell>
    </>
  );
}
