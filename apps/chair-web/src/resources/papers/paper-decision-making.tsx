import { Alert, Button, Paper, Stack, TableCell, TableRow, TextField } from '@mui/material';
import {
  CHAIR_PAPER_MESSAGES,
  PAPER_PAGE_SIZE,
  type ChairPaperDto,
  type PaperFilter,
  type ReviewDto,
  type StatusDto,
} from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageTitle } from '../../components/page-title';
import { primaryAuthorName } from './paper-labels';
import { PaperReviewScores, usePageReviews } from './paper-review-scores';
import { usePaperPage, usePaperStatuses, usePaperTracks, useUpdatePaper } from './use-papers';

const COLUMNS: DataColumn<never>[] = [
  { label: 'ID' },
  { label: 'Title' },
  { label: 'Primary author' },
  { label: 'Track' },
  { label: 'Review scores' },
  { label: 'Decision' },
];

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * /PaperDecisionMaking: the papers (by track, undecided first if asked) with a status to choose per row,
 * saved one paper at a time, with the scores of the paper's reviews (quality/contribution/originality and
 * decision of each) side by side once there are reviews.
 */
export function PaperDecisionMaking() {
  const tracks = usePaperTracks();
  const statuses = usePaperStatuses();
  const [track, setTrack] = useState('');
  const [decision, setDecision] = useState('');
  const [page, setPage] = useState(0);
  const filters: PaperFilter[] = [
    ...(track ? [{ name: 'track', value: Number(track) } as PaperFilter] : []),
    ...(decision ? [{ name: 'paperStatus', value: decision } as PaperFilter] : []),
  ];
  const papers = usePaperPage({
    filters,
    sort: { field: '_id', order: 'asc' },
    cp: page + 1,
    pg: PAPER_PAGE_SIZE,
  });
  const reviews = usePageReviews((papers.data?.data ?? []).map((p) => p._id));

  return (
    <>
      <PageTitle title="Decision making" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            label="Track"
            name="filter-track"
            value={track}
            slotProps={nativeSelect}
            onChange={(e) => {
              setTrack(e.target.value);
              setPage(0);
            }}
          >
            <option value="">Any</option>
            {(tracks.data ?? []).map((t) => (
              <option key={t._id} value={String(t._id)}>
                {t.name}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="Decision"
            name="filter-paperStatus"
            value={decision}
            slotProps={nativeSelect}
            onChange={(e) => {
              setDecision(e.target.value);
              setPage(0);
            }}
          >
            <option value="">Any</option>
            <option value="undecided">Undecided</option>
            <option value="accepted">Accepted</option>
            <option value="notAccepted">Not accepted</option>
          </TextField>
        </Stack>
      </Paper>
      {papers.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(papers.error, CHAIR_PAPER_MESSAGES.obtainError)}
        </Alert>
      ) : null}
      <DataTable
        label="Decision making"
        columns={COLUMNS}
        rows={papers.data?.data}
        total={papers.data?.count}
        noun="paper"
        countTestId="paper-count"
        bodyTestId="paper-rows"
        fetching={papers.isFetching}
        emptyText="No papers match."
        paging={{ page, pageSize: PAPER_PAGE_SIZE, onPageChange: setPage }}
        renderRow={(p) => (
          <DecisionRow
            key={`${p._id}-${p.status ?? ''}`}
            paper={p}
            statuses={statuses.data ?? []}
            reviews={reviews.data?.[p._id]}
          />
        )}
      />
    </>
  );
}

function DecisionRow({
  paper,
  statuses,
  reviews,
}: {
  paper: ChairPaperDto;
  statuses: StatusDto[];
  reviews: ReviewDto[] | undefined;
}) {
  const notify = useNotify();
  const update = useUpdatePaper();
  const stored = paper.status === null ? '' : String(paper.status);
  const [status, setStatus] = useState(stored);
  return (
    <TableRow data-testid={`paper-${paper._id}`}>
      <TableCell>{paper._id}</TableCell>
      <TableCell>{paper.title}</TableCell>
      <TableCell>{primaryAuthorName(paper)}</TableCell>
      <TableCell>{paper.trackName}</TableCell>
      <TableCell>
        <PaperReviewScores paperId={paper._id} reviews={reviews} />
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField
            select
            size="small"
            label="Status"
            name={`status-${paper._id}`}
            value={status}
            sx={{ minWidth: 220 }}
            slotProps={{ ...nativeSelect, htmlInput: { 'aria-label': `Status of paper ${paper._id}` } }}
            onChange={(e) => setStatus(e.target.value)}
          >
            <option value="">No status</option>
            {statuses.map((s) => (
              <option key={s._id} value={String(s._id)}>
                {s.text}
              </option>
            ))}
          </TextField>
          <Button
            size="small"
            aria-label={`Save decision of paper ${paper._id}`}
            disabled={status === stored || update.isPending}
            onClick={() =>
              update.mutate(
                { id: paper._id, body: { status: status === '' ? null : Number(status) } },
                {
                  onSuccess: () => notify(CHAIR_PAPER_MESSAGES.updated),
                  onError: () => notify(CHAIR_PAPER_MESSAGES.updateError, 'error'),
                },
              )
            }
          >
            Save
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
