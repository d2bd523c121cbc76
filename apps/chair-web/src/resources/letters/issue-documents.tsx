import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  BILLING_KINDS,
  DOCUMENT_LABELS,
  LETTER_KINDS,
  type DocumentBatchDto,
  type DocumentKind,
  type PaperFilter,
} from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { PaperFilterBar } from '../../components/paper-filter-bar';
import { usePaperPage } from '../papers/api/queries';
import { useRoleStatuses } from '../statuses/api/queries';
import { useRoleTracks } from '../tracks/api/queries';
import { saveFile, useBatchZip } from './api/files';
import { useBatch } from './api/queries';
import { useStartBatch } from './api/mutations';
import { nativeSelect } from '../../components/select-field';

const KINDS: DocumentKind[] = [...LETTER_KINDS, ...BILLING_KINDS];

/** `?ids=3,5,8` → [3, 5, 8] (whole positive numbers only). */
export function parseIds(text: string | null): number[] {
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^\d{1,9}$/.test(s))
        .map(Number)
        .filter((n) => n > 0),
    ),
  ];
}

/** The progress of a batch, then its zip and the papers that failed with their reasons. */
function BatchProgress({ id }: { id: number }) {
  const notify = useNotify();
  const batch = useBatch(id);
  const zip = useBatchZip();
  const [downloading, setDownloading] = useState(false);
  if (batch.isError) return <Alert severity="error">{errorMessage(batch.error)}</Alert>;
  const b: DocumentBatchDto | undefined = batch.data;
  if (!b) return <LinearProgress aria-label="Starting" />;
  const handled = b.done + b.failed;
  const percent = b.total ? Math.round((handled / b.total) * 100) : b.state === 'done' ? 100 : 0;
  const finished = b.state === 'done' || b.state === 'failed';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="batch" data-state={b.state}>
      <Typography variant="subtitle1" component="h2">
        {DOCUMENT_LABELS[b.kind]}: {finished ? (b.state === 'done' ? 'done' : 'failed') : 'issuing…'}
      </Typography>
      <Box sx={{ my: 1 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Progress"
          aria-valuetext={`${handled} of ${b.total}`}
        />
      </Box>
      <Typography data-testid="batch-counts">
        {b.done} issued, {b.failed} failed, of {b.total}
      </Typography>
      {finished && b.zipUrl ? (
        <Button
          sx={{ mt: 1 }}
          disabled={downloading}
          onClick={() => {
            setDownloading(true);
            zip(b)
              .then(saveFile)
              .catch((err: unknown) => notify(errorMessage(err, 'The download failed'), 'error'))
              .finally(() => setDownloading(false));
          }}
        >
          Download zip
        </Button>
      ) : null}
      {b.errors.length ? (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            Papers not issued
          </Typography>
          <List dense data-testid="batch-errors">
            {b.errors.map((e) => (
              <ListItem key={e.paperId}>
                <ListItemText
                  primary={<Link to={paths.editPaperDownloadLetter(e.paperId)}>Paper {e.paperId}</Link>}
                  secondary={e.message}
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </Paper>
  );
}

/**
 * /IssueDocuments: one kind of document for every paper of a selection (the papers ticked on /ViewPapers,
 * or a filter and search here), issued as a job: a progress bar, then one zip and the failures.
 */
export function IssueDocuments() {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const ids = useMemo(() => parseIds(params.get('ids')), [params]);
  const tracks = useRoleTracks();
  const statuses = useRoleStatuses();
  const [kind, setKind] = useState<DocumentKind>('acceptance');
  const [filters, setFilters] = useState<PaperFilter[]>([]);
  const [searchText, setSearchText] = useState('');
  const [batchId, setBatchId] = useState<number | null>(null);
  const [error, setError] = useState('');
  const start = useStartBatch();
  // How many papers the filter selects (the first page's count), so the chair knows before starting.
  const count = usePaperPage({ filters, search: searchText.trim(), cp: 1, pg: 1 }, ids.length === 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    start.mutate(ids.length ? { kind, ids } : { kind, filters, search: searchText }, {
      onSuccess: (b) => setBatchId(b._id),
      onError: (err) => {
        const message = errorMessage(err);
        setError(message);
        notify(message, 'error');
      },
    });
  };

  return (
    <>
      <PageTitle
        title="Issue letters and receipts"
        subtitle="One document per paper of the selection, issued in the background and downloaded as one zip."
      />
      {ids.length ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography data-testid="selected-papers">
            {ids.length} selected paper{ids.length === 1 ? '' : 's'}: {ids.join(', ')}
          </Typography>
          <Button variant="text" onClick={() => setParams({})}>
            Choose by filter instead
          </Button>
        </Paper>
      ) : (
        <>
          <PaperFilterBar tracks={tracks.data ?? []} statuses={statuses.data ?? []} onApply={setFilters} />
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <TextField
              label="Search by title, author or paper id"
              name="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
            <Typography sx={{ mt: 1 }} data-testid="matching-papers">
              {count.data ? `${count.data.count} matching papers` : ' '}
            </Typography>
          </Paper>
        </>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <form onSubmit={submit} noValidate aria-label="Issue documents">
          <Stack direction="row" spacing={2} alignItems="center">
            <TextField
              select
              label="Document"
              name="kind"
              value={kind}
              slotProps={nativeSelect}
              onChange={(e) => setKind(e.target.value as DocumentKind)}
              sx={{ maxWidth: 320 }}
            >
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {DOCUMENT_LABELS[k]}
                </option>
              ))}
            </TextField>
            <Button type="submit" disabled={start.isPending} sx={{ flexShrink: 0 }}>
              Start
            </Button>
          </Stack>
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </form>
      </Paper>
      {batchId !== null ? <BatchProgress key={batchId} id={batchId} /> : null}
    </>
  );
}
