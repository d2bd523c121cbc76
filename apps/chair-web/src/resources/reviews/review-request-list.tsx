import {
  Button,
  Link as MuiLink,
  Paper,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  PAGE_SIZE,
  REVIEW_REQUEST_STATES,
  type ReviewRequestDto,
  type ReviewRequestQuery,
  type ReviewRequestState,
} from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useSearchParams, type SetURLSearchParams } from 'react-router';
import { type DataColumn } from '../../components/data-table';
import { QueryTable } from '../../components/query-table';
import { PageTitle } from '../../components/page-title';
import { FilterSelect, trackOptions } from '../../components/select-field';
import { paths } from '../../config/paths';
import { formatDate, STATE_LABELS } from './review-labels';
import { useDeleteRequests } from './api/mutations';
import { DeleteRequestDialog } from './delete-request-dialog';
import { useReviewRequests, useRounds } from './api/queries';
import { useRoleTracks } from '../tracks/api/queries';

const COLUMNS: DataColumn<never>[] = [
  { label: 'ID' },
  { label: 'Paper' },
  { label: 'Track' },
  { label: 'Round' },
  { label: 'Reviewer' },
  { label: 'Role' },
  { label: 'Kind' },
  { label: 'State' },
  { label: 'Evaluation' },
  { label: 'Discussion' },
  { label: 'Due' },
  { label: '' },
];

const STATE_OPTIONS = REVIEW_REQUEST_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }));
const KIND_OPTIONS = [
  { value: 'false', label: 'Submission' },
  { value: 'true', label: 'Camera-ready' },
];
const FILTERS = ['userId', 'paper', 'track', 'state', 'isCameraReady'] as const;
type FilterName = (typeof FILTERS)[number];

const positiveInt = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The filters kept in the address (so /ViewReviewRequests?userId=12 lists one reviewer's requests). */
function filtersOf(params: URLSearchParams): ReviewRequestQuery {
  const state = params.get('state');
  const cr = params.get('isCameraReady');
  return {
    userId: positiveInt(params.get('userId')),
    paper: positiveInt(params.get('paper')),
    track: positiveInt(params.get('track')),
    state: REVIEW_REQUEST_STATES.includes(state as ReviewRequestState)
      ? (state as ReviewRequestState)
      : undefined,
    isCameraReady: cr === 'true' ? true : cr === 'false' ? false : undefined,
    round: positiveInt(params.get('round')),
  };
}

/** Without a track chosen, the round filter offers the first rounds by number. */
const ROUND_NUMBERS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `R${n}` }));

/** /ViewReviewRequests: filters (reviewer, paper, track, state, kind), paging, delete one or the filtered set. */
export function ReviewRequestList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = positiveInt(params.get('cp')) ?? 1;
  const requests = useReviewRequests({ ...filters, cp: page, pg: PAGE_SIZE });
  const [toDelete, setToDelete] = useState<ReviewRequestDto | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const anyFilter = FILTERS.some((f) => filters[f] !== undefined);

  return (
    <>
      <PageTitle title="Review requests" />
      <RequestFilterForm params={params} setParams={setParams} />
      <QueryTable
        label="Review requests"
        columns={COLUMNS}
        query={requests}
        noun="review request"
        countTestId="request-count"
        bodyTestId="request-rows"
        emptyText="No review requests match."
        paging={{
          page: page - 1,
          pageSize: PAGE_SIZE,
          onPageChange: (p) => {
            const next = new URLSearchParams(params);
            next.set('cp', String(p + 1));
            setParams(next);
          },
        }}
        toolbar={
          <Button
            color="error"
            variant="outlined"
            size="small"
            sx={{ ml: 'auto' }}
            disabled={!anyFilter || !requests.data?.count}
            title={anyFilter ? undefined : 'Filter the list first'}
            onClick={() => setBulkOpen(true)}
          >
            Delete all matching
          </Button>
        }
        renderRow={(r) => <RequestRow key={r._id} request={r} onDelete={() => setToDelete(r)} />}
      />
      <DeleteRequestDialog
        request={toDelete}
        title="Delete this review request?"
        confirmLabel="Delete"
        done="Review request deleted"
        onClose={() => setToDelete(null)}
      >
        {toDelete ? (
          <Typography>
            Request {toDelete._id}: {toDelete.reviewerName} on paper {toDelete.paper} ({toDelete.paperTitle}),{' '}
            {STATE_LABELS[toDelete.state].toLowerCase()}. A submitted review is deleted with it.
          </Typography>
        ) : null}
      </DeleteRequestDialog>
      <DeleteMatchingDialog
        open={bulkOpen}
        filters={filters}
        count={requests.data?.count ?? 0}
        onClose={() => setBulkOpen(false)}
      />
    </>
  );
}

/**
 * The filter form: reviewer and paper ids are typed and applied together; track, state and kind apply as
 * they are chosen. Every change goes back to the first page.
 */
function RequestFilterForm({
  params,
  setParams,
}: {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
}) {
  const tracks = useRoleTracks();
  const trackId = positiveInt(params.get('track')) ?? null;
  const rounds = useRounds(trackId);
  const roundOptions =
    trackId !== null && rounds.data
      ? rounds.data.map((r) => ({ value: String(r.number), label: r.name }))
      : ROUND_NUMBERS;
  const [typed, setTyped] = useState({
    userId: params.get('userId') ?? '',
    paper: params.get('paper') ?? '',
  });
  const setFilters = (values: Partial<Record<FilterName | 'round', string>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('cp');
    setParams(next);
  };
  const choice = (name: 'track' | 'state' | 'isCameraReady' | 'round') => ({
    name,
    value: params.get(name) ?? '',
    onChange: (value: string) => setFilters({ [name]: value }),
  });

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ userId: typed.userId.trim(), paper: typed.paper.trim() });
        }}
      >
        <TextField
          label="Reviewer (user ID)"
          name="userId"
          value={typed.userId}
          onChange={(e) => setTyped({ ...typed, userId: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Paper ID"
          name="paper"
          value={typed.paper}
          onChange={(e) => setTyped({ ...typed, paper: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button type="submit" variant="outlined">
          Apply
        </Button>
        <FilterSelect
          label="Track"
          sx={{ minWidth: 200 }}
          options={trackOptions(tracks.data ?? [])}
          {...choice('track')}
        />
        <FilterSelect label="Round" options={roundOptions} {...choice('round')} />
        <FilterSelect label="State" options={STATE_OPTIONS} {...choice('state')} />
        <FilterSelect label="Kind" options={KIND_OPTIONS} {...choice('isCameraReady')} />
        <Button
          variant="text"
          onClick={() => {
            setTyped({ userId: '', paper: '' });
            setParams(new URLSearchParams());
          }}
        >
          Clear
        </Button>
      </Stack>
    </Paper>
  );
}

/** One request: links to it, its paper and the reviewer's other requests, and Delete. */
function RequestRow({ request: r, onDelete }: { request: ReviewRequestDto; onDelete: () => void }) {
  return (
    <TableRow data-testid={`request-${r._id}`}>
      <TableCell>
        <MuiLink component={Link} to={paths.viewReviewRequest(r._id)}>
          {r._id}
        </MuiLink>
      </TableCell>
      <TableCell>
        <MuiLink component={Link} to={paths.viewPaperReviews(r.paper)}>
          {r.paper}: {r.paperTitle}
        </MuiLink>
      </TableCell>
      <TableCell>{r.trackName}</TableCell>
      <TableCell>{r.roundName}</TableCell>
      <TableCell>
        <MuiLink component={Link} to={paths.viewReviewRequests(r.reviewer)}>
          {r.reviewerName}
        </MuiLink>
        <Typography variant="body2" color="text.secondary">
          {r.reviewerEmail}
        </Typography>
      </TableCell>
      <TableCell data-testid="request-role">{r.role === 'meta' ? 'Meta-reviewer' : 'Reviewer'}</TableCell>
      <TableCell>{r.isCameraReady ? 'Camera-ready' : 'Submission'}</TableCell>
      <TableCell>{STATE_LABELS[r.state]}</TableCell>
      <TableCell>{r.evaluation < 0 ? '—' : r.evaluation}</TableCell>
      <TableCell data-testid="discussion-unread">
        {r.discussionUnread ? `${r.discussionUnread} new` : '—'}
      </TableCell>
      <TableCell>{formatDate(r.dueAt)}</TableCell>
      <TableCell>
        <Button
          size="small"
          color="error"
          variant="text"
          aria-label={`Delete review request ${r._id}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** Asks before deleting every request the filters match. */
function DeleteMatchingDialog({
  open,
  filters,
  count,
  onClose,
}: {
  open: boolean;
  filters: ReviewRequestQuery;
  count: number;
  onClose: () => void;
}) {
  const notify = useNotify();
  const removeMany = useDeleteRequests();
  return (
    <ConfirmDialog
      open={open}
      title="Delete every matching review request?"
      confirmLabel="Delete all"
      busy={removeMany.isPending}
      onCancel={onClose}
      onConfirm={() =>
        removeMany.mutate(filters, {
          onSuccess: (r) => {
            notify(`${r.deleted} review request${r.deleted === 1 ? '' : 's'} deleted`);
            onClose();
          },
          onError: (e) => notify(errorMessage(e), 'error'),
        })
      }
    >
      <Typography>
        The {count} review request{count === 1 ? '' : 's'} matching the current filters will be deleted, with
        their reviews.
      </Typography>
    </ConfirmDialog>
  );
}
