import {
  Alert,
  Button,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  BULK_EDIT_FIELDS,
  decodeBulkFilter,
  isBulkEditParam,
  PAPER_FILTER_NAMES,
  PAPER_PAGE_SIZE,
  type BulkEditParam,
  type BulkEditRequest,
  type PaperQuery,
} from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { scrollRegion, type DataColumn } from '../../components/data-table';
import { QueryTable } from '../../components/query-table';
import { PageTitle } from '../../components/page-title';
import { FilterSelect, statusOptions, trackOptions, YES_NO_OPTIONS } from '../../components/select-field';
import { useGoBack } from '../../components/use-go-back';
import { paths } from '../../config/paths';
import { PaperCells } from './paper-cells';
import { BULK_PARAM_LABELS, describeFilter } from './paper-labels';
import { activeFilters, usePaperPage } from './api/queries';
import { useBulkEdit } from './api/mutations';
import { useRoleStatuses } from '../statuses/api/queries';
import { useRoleTracks } from '../tracks/api/queries';

const BOOLEAN_PARAMS: BulkEditParam[] = [
  'cameraReady',
  'presentationReady',
  'acceptanceLetterEnabled',
  'authorViewReviewEnabled',
  'delete',
  'cameraReady.status',
];

/** The decoded filter of the address, or null when it is not a paper filter. */
const COLUMNS: DataColumn<never>[] = [
  { label: 'ID' },
  { label: 'Title' },
  { label: 'Primary author' },
  { label: 'Track' },
  { label: 'Status' },
];

function parseFilter(raw: string | undefined): Pick<PaperQuery, 'filters' | 'search'> | null {
  if (!raw) return null;
  const q = decodeBulkFilter(raw);
  if (!q) return null;
  const known = (q.filters ?? []).every(
    (f) =>
      f &&
      typeof f === 'object' &&
      (PAPER_FILTER_NAMES as readonly string[]).includes((f as { name?: unknown }).name as string),
  );
  return known ? q : null;
}

interface SelectedPaper {
  id: number;
  title: string;
}

/**
 * /BulkEdit/{filter}/{param}: the papers the filter (or the selection made on the list) reaches, the new
 * value, a confirmation, then one POST /bulk; the answer's nModified is shown.
 */
export function BulkEdit() {
  const { filter: rawFilter, param } = useParams();
  const location = useLocation();
  const selected = (location.state as { selected?: SelectedPaper[] } | null)?.selected;
  const query = useMemo(() => parseFilter(rawFilter), [rawFilter]);
  const validParam = isBulkEditParam(param);
  const back = useGoBack(paths.viewPapers);

  if (!query || !validParam) {
    return (
      <>
        <PageTitle title="Bulk edit" />
        <Alert severity="error" sx={{ mb: 2 }}>
          {!query
            ? 'The filter in the address is not a valid paper filter. Nothing was changed.'
            : `Unknown bulk edit field "${param ?? ''}". Nothing was changed.`}
        </Alert>
        <Button variant="outlined" onClick={back}>
          Back
        </Button>
      </>
    );
  }
  return <BulkEditForm query={query} param={param} selected={selected} onBack={back} />;
}

function BulkEditForm({
  query,
  param,
  selected,
  onBack,
}: {
  query: Pick<PaperQuery, 'filters' | 'search'>;
  param: BulkEditParam;
  selected?: SelectedPaper[];
  onBack: () => void;
}) {
  const notify = useNotify();
  const tracks = useRoleTracks();
  const statuses = useRoleStatuses();
  const bulk = useBulkEdit();
  const [page, setPage] = useState(0);
  const [value, setValue] = useState('');
  const [op, setOp] = useState<'set' | 'push'>('set');
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filters = activeFilters(query.filters ?? []);
  const search = query.search ?? '';
  const bySelection = Boolean(selected && selected.length);
  const papers = usePaperPage({ filters, search, cp: page + 1, pg: PAPER_PAGE_SIZE }, !bySelection);
  const field = BULK_EDIT_FIELDS[param];
  const label = BULK_PARAM_LABELS[param];
  const count = bySelection ? (selected?.length ?? 0) : (papers.data?.count ?? 0);
  const isBoolean = BOOLEAN_PARAMS.includes(param);

  const newValue = (): BulkEditRequest['value'] => {
    if (isBoolean) return value === 'true';
    if (param === 'paper') return Number(value);
    if (param === 'status') return value === '' ? null : Number(value);
    return value;
  };
  const describeValue = () => {
    if (isBoolean) return value === 'true' ? 'Yes' : 'No';
    if (param === 'paper') return tracks.data?.find((t) => String(t._id) === value)?.name ?? value;
    if (param === 'status') return statuses.data?.find((s) => String(s._id) === value)?.text ?? value;
    return `"${value}"`;
  };
  const ready = value !== '' && count > 0 && result === null;
  const apply = () => {
    const body: BulkEditRequest = {
      // With a selection the ids decide (deleted papers included); the filter still travels, and is checked.
      filters,
      search,
      ...(bySelection ? { ids: selected!.map((p) => p.id) } : {}),
      op: param === 'notes' ? op : 'set',
      field,
      value: newValue(),
    };
    setError(null);
    bulk.mutate(body, {
      onSuccess: (res) => {
        setResult(res.nModified);
        notify(`${res.nModified} paper${res.nModified === 1 ? '' : 's'} updated`);
      },
      onError: (err) => setError(errorMessage(err, 'There was some error while updating the paper!')),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <>
      <PageTitle title={`Bulk edit: ${label}`} subtitle={`Field ${field}`} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Papers to change
        </Typography>
        {bySelection ? (
          <Typography data-testid="bulk-scope">
            The {selected!.length} papers selected on the list.
          </Typography>
        ) : (
          <Typography data-testid="bulk-scope">
            {filters.length || search
              ? [
                  ...filters.map((f) => describeFilter(f, tracks.data ?? [], statuses.data ?? [])),
                  ...(search ? [`Search: "${search}"`] : []),
                ].join('; ')
              : 'Every paper that is not deleted.'}
          </Typography>
        )}
      </Paper>
      {result !== null ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="bulk-result">
          {result} paper{result === 1 ? '' : 's'} updated
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          New value
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          {param === 'notes' ? (
            <>
              <RadioGroup row value={op} onChange={(e) => setOp(e.target.value as 'set' | 'push')}>
                <FormControlLabel value="set" control={<Radio />} label="Replace the notes" />
                <FormControlLabel value="push" control={<Radio />} label="Append a line" />
              </RadioGroup>
              <TextField
                label="Notes"
                name="value"
                multiline
                minRows={2}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            </>
          ) : (
            <FilterSelect
              label={label}
              name="value"
              value={value}
              empty="Choose"
              emptyDisabled
              options={
                isBoolean
                  ? YES_NO_OPTIONS
                  : param === 'paper'
                    ? trackOptions(tracks.data ?? [])
                    : statusOptions(statuses.data ?? [])
              }
              onChange={setValue}
            />
          )}
          <Stack direction="row" spacing={1}>
            <Button disabled={!ready || bulk.isPending} onClick={() => setConfirming(true)}>
              Apply to {count} paper{count === 1 ? '' : 's'}
            </Button>
            <Button variant="outlined" onClick={onBack}>
              {result === null ? 'Cancel' : 'Back'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {bySelection ? (
        <Paper variant="outlined">
          <TableContainer {...scrollRegion('Papers to change')}>
            <Table size="small" aria-label="Papers to change">
              <TableHead>
                <TableRow>
                  <TableCell>ID</TableCell>
                  <TableCell>Title</TableCell>
                </TableRow>
              </TableHead>
              <TableBody data-testid="bulk-rows">
                {selected!.map((p) => (
                  <TableRow key={p.id} data-testid={`bulk-paper-${p.id}`}>
                    <TableCell>{p.id}</TableCell>
                    <TableCell>{p.title}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      ) : (
        <>
          <QueryTable
            label="Papers to change"
            columns={COLUMNS}
            query={papers}
            noun="paper"
            countTestId="paper-count"
            bodyTestId="bulk-rows"
            paging={{ page, pageSize: PAPER_PAGE_SIZE, onPageChange: setPage }}
            renderRow={(p) => (
              <TableRow key={p._id} data-testid={`bulk-paper-${p._id}`}>
                <PaperCells paper={p} />
                <TableCell>{p.statusText ?? '—'}</TableCell>
              </TableRow>
            )}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Change ${label.toLowerCase()} of ${count} paper${count === 1 ? '' : 's'}?`}
        confirmLabel="Apply"
        busy={bulk.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={apply}
      >
        <Typography>
          {param === 'notes' && op === 'push' ? 'Append' : 'Set'} {label.toLowerCase()} to {describeValue()}{' '}
          on {count} paper{count === 1 ? '' : 's'}. This cannot be undone in one step.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
