import {
  Alert,
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
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { formatDate, STATE_LABELS } from './review-labels';
import { useDeleteRequest, useDeleteRequests } from './api/mutations';
import { useReviewRequests } from './api/queries';
import { useRoleTracks } from '../tracks/api/queries';

const COLUMNS: DataColumn<never>[] = [
  { label: 'ID' },
  { label: 'Paper' },
  { label: 'Track' },
  { label: 'Reviewer' },
  { label: 'Kind' },
  { label: 'State' },
  { label: 'Evaluation' },
  { label: 'Due' },
  { label: '' },
];

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;
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
  };
}

/** /ViewReviewRequests: filters (reviewer, paper, track, state, kind), paging, delete one or the filtered set. */
export function ReviewRequestList() {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const tracks = useRoleTracks();
  const filters = filtersOf(params);
  const page = positiveInt(params.get('cp')) ?? 1;
  const requests = useReviewRequests({ ...filters, cp: page, pg: PAGE_SIZE });
  const [typed, setTyped] = useState({
    userId: params.get('userId') ?? '',
    paper: params.get('paper') ?? '',
  });
  const [toDelete, setToDelete] = useState<ReviewRequestDto | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const remove = useDeleteRequest();
  const removeMany = useDeleteRequests();
  const anyFilter = FILTERS.some((f) => filters[f] !== undefined);

  const setFilter = (name: FilterName, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('cp');
    setParams(next);
  };

  return (
    <>
      <PageTitle title="Review requests" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            const next = new URLSearchParams(params);
            for (const f of ['userId', 'paper'] as const) {
              const v = typed[f].trim();
              if (v) next.set(f, v);
              else next.delete(f);
            }
            next.delete('cp');
            setParams(next);
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
          <TextField
            select
            label="Track"
            name="track"
            value={params.get('track') ?? ''}
            sx={{ minWidth: 200 }}
            slotProps={nativeSelect}
            onChange={(e) => setFilter('track', e.target.value)}
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
            label="State"
            name="state"
            value={params.get('state') ?? ''}
            slotProps={nativeSelect}
            onChange={(e) => setFilter('state', e.target.value)}
          >
            <option value="">Any</option>
            {REVIEW_REQUEST_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="Kind"
            name="isCameraReady"
            value={params.get('isCameraReady') ?? ''}
            slotProps={nativeSelect}
            onChange={(e) => setFilter('isCameraReady', e.target.value)}
          >
            <option value="">Any</option>
            <option value="false">Submission</option>
            <option value="true">Camera-ready</option>
          </TextField>
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
      {requests.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(requests.error)}
        </Alert>
      ) : null}
      <DataTable
        label="Review requests"
        columns={COLUMNS}
        rows={requests.data?.data}
        total={requests.data?.count}
        noun="review request"
        countTestId="request-count"
        bodyTestId="request-rows"
        fetching={requests.isFetching}
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
        renderRow={(r) => (
          <TableRow key={r._id} data-testid={`request-${r._id}`}>
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
            <TableCell>
              <MuiLink component={Link} to={paths.viewReviewRequests(r.reviewer)}>
                {r.reviewerName}
              </MuiLink>
              <Typography variant="body2" color="text.secondary">
                {r.reviewerEmail}
              </Typography>
            </TableCell>
            <TableCell>{r.isCameraReady ? 'Camera-ready' : 'Submission'}</TableCell>
            <TableCell>{STATE_LABELS[r.state]}</TableCell>
            <TableCell>{r.evaluation < 0 ? '—' : r.evaluation}</TableCell>
            <TableCell>{formatDate(r.dueAt)}</TableCell>
            <TableCell>
              <Button
                size="small"
                color="error"
                variant="text"
                aria-label={`Delete review request ${r._id}`}
                onClick={() => setToDelete(r)}
              >
                Delete
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this review request?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          remove.mutate(toDelete!._id, {
            onSuccess: (r) => {
              notify(r.message || 'Review request deleted');
              setToDelete(null);
            },
            onError: (e) => notify(errorMessage(e), 'error'),
          })
        }
      >
        {toDelete ? (
          <Typography>
            Request {toDelete._id}: {toDelete.reviewerName} on paper {toDelete.paper} ({toDelete.paperTitle}),{' '}
            {STATE_LABELS[toDelete.state].toLowerCase()}. A submitted review is deleted with it.
          </Typography>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={bulkOpen}
        title="Delete every matching review request?"
        confirmLabel="Delete all"
        busy={removeMany.isPending}
        onCancel={() => setBulkOpen(false)}
        onConfirm={() =>
          removeMany.mutate(filters, {
            onSuccess: (r) => {
              notify(`${r.deleted} review request${r.deleted === 1 ? '' : 's'} deleted`);
              setBulkOpen(false);
            },
            onError: (e) => notify(errorMessage(e), 'error'),
          })
        }
      >
        <Typography>
          The {requests.data?.count ?? 0} review request{requests.data?.count === 1 ? '' : 's'} matching the
          current filters will be deleted, with their reviews.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
