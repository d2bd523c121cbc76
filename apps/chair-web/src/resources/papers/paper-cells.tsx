import { Link as MuiLink, TableCell, Typography } from '@mui/material';
import type { ChairPaperDto } from '@symposium/domain';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
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

/**
 * The discussion column of the paper list: the comments the caller may read and how many are new, linking to
 * the paper's discussion (/ViewPaperReviews/{id}); a dash where the caller may not read it (a conflict).
 */
export function DiscussionCell({ paper }: { paper: ChairPaperDto }) {
  const d = paper.discussion;
  return (
    <TableCell data-testid="discussion-column">
      {d ? (
        <MuiLink component={Link} to={paths.viewPaperReviews(paper._id)} data-testid="discussion-link">
          {d.comments} comment{d.comments === 1 ? '' : 's'}
          {d.unread ? (
            <Typography component="strong" variant="body2" fontWeight={700} data-testid="discussion-unread">
              {' '}
              · {d.unread} new
            </Typography>
          ) : null}
        </MuiLink>
      ) : (
        '–'
      )}
    </TableCell>
  );
}
