import { Box, Button, Paper, Stack, TableCell, TableRow, Typography } from '@mui/material';
import {
  CHAIR_PAPER_MESSAGES,
  PAPER_PAGE_SIZE,
  type ChairPaperDto,
  type MetaReviewSummaryDto,
  type PaperFilter,
  type PaperSortField,
  type ReviewDto,
} from '@symposium/domain';
import { api, ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type DataColumn } from '../../components/data-table';
import { QueryTable } from '../../components/query-table';
import { PageTitle } from '../../components/page-title';
import { SearchBox } from '../../components/search-box';
import { CheckboxCell, CheckboxHeaderCell } from '../../components/select-all-checkbox';
import { FilterSelect, statusOptions, trackOptions } from '../../components/select-field';
import { usePageSelection } from '../../components/use-page-selection';
import { PAPER_TABLE, PaperCells } from './paper-cells';
import { usePageReviews } from '../reviews/api/queries';
import { ReviewScoreCells } from './paper-review-scores';
import { useBulkEdit } from './api/mutations';
import { usePaperPage } from './api/queries';
import { useRoleStatuses } from '../statuses/api/queries';
import { useRoleTracks } from '../tracks/api/queries';
import { useRolePrefix } from '../../hooks/use-role-prefix';

/** POST /api/{prefix}/reviews/papers/meta_reviews: the page's submitted meta-reviews, by paper id (issue 25). */
function usePageMetaReviews(paperIds: number[]) {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: ['reviews', prefix, 'page-meta-reviews', paperIds],
    queryFn: () =>
      api<Record<number, MetaReviewSummaryDto[]>>('POST', `/api/${prefix}/reviews/papers/meta_reviews`, {
        ids: paperIds,
      }),
    enabled: paperIds.length > 0,
    staleTime: 0,
  });
}

const COLUMNS: DataColumn<PaperSortField>[] = [
  { field: '_id', label: 'ID' },
  { field: 'title', label: 'Title' },
  { field: 'primaryAuthor', label: 'Primary author' },
  { field: 'track', label: 'Track' },
  { label: 'Reviews' },
  { label: 'Average' },
  { label: 'Spread' },
  { label: 'Meta-review' },
  { field: 'status', label: 'Decision' },
];

const DECIDED_OPTIONS = [
  { value: 'undecided', label: 'Undecided' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'notAccepted', label: 'Not accepted' },
];
const papersOf = (n: number) => `${n} paper${n === 1 ? '' : 's'}`;

/**
 * /PaperDecisionMaking: the papers (filter by track and decision, search, sort by column, pages of 100) with
 * their reviews' average recommendation, mean scores and spread. The chair ticks any number of rows (across
 * pages), picks one decision and confirms once: the dialog lists each paper's current and new status, and one
 * bulk call (POST /papers/bulk with the ids) stores them all in one transaction.
 */
export function PaperDecisionMaking() {
  const notify = useNotify();
  const tracks = useRoleTracks();
  const statuses = useRoleStatuses();
  const bulk = useBulkEdit();
  const [track, setTrack] = useState('');
  const [decided, setDecided] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ field: PaperSortField; order: 'asc' | 'desc' }>({
    field: '_id',
    order: 'asc',
  });
  const [page, setPage] = useState(0);
  const [decision, setDecision] = useState('');
  const [confirming, setConfirming] = useState(false);
  const filters: PaperFilter[] = [
    ...(track ? [{ name: 'track', value: Number(track) } as PaperFilter] : []),
    ...(decided ? [{ name: 'paperStatus', value: decided } as PaperFilter] : []),
  ];
  const papers = usePaperPage({ filters, search, sort, cp: page + 1, pg: PAPER_PAGE_SIZE });
  const rows = papers.data?.data ?? [];
  const reviews = usePageReviews(rows.map((p) => p._id));
  const metaReviews = usePageMetaReviews(rows.map((p) => p._id));
  const selection = usePageSelection(rows, (p) => p);
  const chosen = [...selection.selected.values()];
  const newStatus = (statuses.data ?? []).find((s) => String(s._id) === decision);

  const resetPaging = () => setPage(0);
  const apply = () => {
    if (!newStatus) return;
    bulk.mutate(
      { ids: chosen.map((p) => p._id), op: 'set', field: 'status', value: newStatus._id },
      {
        onSuccess: (res) => {
          notify(`${papersOf(res.nModified)} updated`);
          selection.clear();
          setDecision('');
        },
        onError: (err) => notify(errorMessage(err, CHAIR_PAPER_MESSAGES.updateError), 'error'),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <>
      <PageTitle title="Decision making" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
          <FilterSelect
            label="Track"
            name="filter-track"
            value={track}
            options={trackOptions(tracks.data ?? [])}
            onChange={(v) => {
              setTrack(v);
              resetPaging();
            }}
          />
          <FilterSelect
            label="Decided"
            name="filter-paperStatus"
            value={decided}
            options={DECIDED_OPTIONS}
            onChange={(v) => {
              setDecided(v);
              resetPaging();
            }}
          />
          <SearchBox
            label="Search by title, author or paper id"
            search={search}
            grow
            onSearch={(s) => {
              setSearch(s);
              resetPaging();
            }}
          />
        </Stack>
      </Paper>
      <QueryTable
        label="Decision making"
        columns={COLUMNS}
        query={papers}
        errorText={CHAIR_PAPER_MESSAGES.obtainError}
        {...PAPER_TABLE}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          resetPaging();
        }}
        paging={{ page, pageSize: PAPER_PAGE_SIZE, onPageChange: setPage }}
        toolbar={
          chosen.length ? (
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography data-testid="selected-count" color="primary">
                {chosen.length} selected
              </Typography>
              <Button size="small" variant="text" onClick={selection.clear}>
                Clear selection
              </Button>
              <FilterSelect
                size="small"
                label="Decision"
                name="decision"
                value={decision}
                sx={{ minWidth: 200 }}
                empty="Choose"
                emptyDisabled
                options={statusOptions(statuses.data ?? [])}
                onChange={setDecision}
              />
              <Button
                size="small"
                disabled={!newStatus || bulk.isPending}
                onClick={() => setConfirming(true)}
              >
                Decide {papersOf(chosen.length)}
              </Button>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Tick papers to decide them together.
            </Typography>
          )
        }
        leadingHeader={
          <CheckboxHeaderCell label="Select all papers on this page" {...selection.pageHeader} />
        }
        renderRow={(p) => (
          <DecisionRow
            key={p._id}
            paper={p}
            reviews={reviews.data?.[p._id]}
            metaReviews={metaReviews.data?.[p._id]}
            selected={selection.has(p._id)}
            onToggle={() => selection.toggle(p)}
          />
        )}
      />
      <ConfirmDialog
        open={confirming}
        title={`Set the decision of ${papersOf(chosen.length)}?`}
        confirmLabel="Apply"
        busy={bulk.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={apply}
      >
        <Box
          role="region"
          aria-label="Decisions to apply"
          tabIndex={0}
          data-testid="decision-changes"
          sx={{ maxHeight: 320, overflowY: 'auto' }}
        >
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {chosen.map((p) => (
              <li key={p._id}>
                {p.title}: {p.statusText ?? 'No status'} → {newStatus?.text}
              </li>
            ))}
          </Box>
        </Box>
      </ConfirmDialog>
    </>
  );
}

function DecisionRow({
  paper,
  reviews,
  metaReviews,
  selected,
  onToggle,
}: {
  paper: ChairPaperDto;
  reviews: ReviewDto[] | undefined;
  metaReviews: MetaReviewSummaryDto[] | undefined;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <TableRow hover selected={selected} data-testid={`paper-${paper._id}`}>
      <CheckboxCell label={`Select paper ${paper._id}`} checked={selected} onChange={onToggle} />
      <PaperCells paper={paper} />
      <ReviewScoreCells paperId={paper._id} reviews={reviews} />
      {/* narrow (the table fits 1280 px): three lines of the committee text, in full on /ViewPaperReviews */}
      <TableCell data-testid={`meta-${paper._id}`} sx={{ width: 200, maxWidth: 200 }}>
        {metaReviews?.length
          ? metaReviews.map((m) => (
              <Box key={m.round}>
                <Typography variant="body2" fontWeight="bold">
                  {m.recommendationText ?? 'No recommendation'}
                  {metaReviews.length > 1 ? ` (round ${m.round})` : ''}
                </Typography>
                <Typography
                  variant="body2"
                  title={m.committeeText}
                  sx={{
                    whiteSpace: 'pre-line',
                    overflowWrap: 'anywhere',
                    display: '-webkit-box',
                    WebkitLineClamp: 3,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {m.committeeText}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {m.reviewerName}
                </Typography>
              </Box>
            ))
          : '—'}
      </TableCell>
      <TableCell>{paper.statusText ?? '—'}</TableCell>
    </TableRow>
  );
}
