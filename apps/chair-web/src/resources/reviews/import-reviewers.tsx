import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  List,
  ListItem,
  Paper,
  Typography,
} from '@mui/material';
import {
  REVIEW_IMPORT_COLUMNS,
  REVIEW_MESSAGES,
  REVIEWER_IMPORT_COLUMNS,
  type ImportResult,
} from '@symposium/domain';
import { errorMessage, FileUpload, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { TrackReviewers } from './track-reviewers';
import { useImportReviewers, useImportReviews } from './api/mutations';
import { useRoleTracks } from '../tracks/api/queries';

/** §5: registration and reviewer imports accept xlsx only. */
const onlyXlsx = (file: File) => (/\.xlsx$/i.test(file.name) ? null : 'Please select a valid file');

function ImportOutcome({ result, what, testid }: { result: ImportResult; what: string; testid: string }) {
  return (
    <Box sx={{ mt: 2 }} data-testid={testid}>
      <Alert severity={result.errors.length ? 'warning' : 'success'}>
        {result.valid} of {result.total} {what} imported.
      </Alert>
      {result.errors.length ? (
        <List dense data-testid={`${testid}-errors`}>
          {result.errors.map((e, i) => (
            <ListItem key={i}>
              <Typography color="error" variant="body2">
                {e}
              </Typography>
            </ListItem>
          ))}
        </List>
      ) : null}
    </Box>
  );
}

/** /ImportReviewers: reviewers from xlsx into the selected tracks, review rows from xlsx, a track's reviewers. */
export function ImportReviewers() {
  return (
    <>
      <PageTitle title="Import reviewers and reviews" />
      <ReviewerImport />
      <ReviewImport />
      <TrackReviewers />
    </>
  );
}

function ReviewerImport() {
  const notify = useNotify();
  const tracks = useRoleTracks();
  const [selected, setSelected] = useState<number[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useImportReviewers();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Reviewers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        An xlsx spreadsheet with the columns {REVIEWER_IMPORT_COLUMNS.join(', ')}. Existing users gain the
        selected tracks; new e-mail addresses get a reviewer account.
      </Typography>
      <QueryView query={tracks}>
        {(list) => (
          <FormGroup row sx={{ mb: 2 }} aria-label="Tracks">
            {list.map((t) => (
              <FormControlLabel
                key={t._id}
                label={t.name}
                control={
                  <Checkbox
                    checked={selected.includes(t._id)}
                    onChange={(e) =>
                      setSelected(
                        e.target.checked ? [...selected, t._id] : selected.filter((x) => x !== t._id),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        )}
      </QueryView>
      <FileUpload
        label="Reviewers spreadsheet (xlsx)"
        name="reviewers-file"
        extensions={['xlsx']}
        validate={onlyXlsx}
        onFiles={([f]) => {
          setFile(f ?? null);
          setResult(null);
        }}
      />
      {file ? <Typography sx={{ mt: 1 }}>Chosen: {file.name}</Typography> : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {problem}
        </Alert>
      ) : null}
      <Button
        sx={{ mt: 2 }}
        disabled={run.isPending}
        onClick={() => {
          setProblem(null);
          if (!selected.length) return setProblem(REVIEW_MESSAGES.selectTrack);
          if (!file) return setProblem(REVIEW_MESSAGES.noFile);
          run.mutate(
            { file, tracks: selected },
            {
              onSuccess: (r) => {
                setResult(r);
                notify(
                  `${r.valid} of ${r.total} reviewers imported.`,
                  r.errors.length ? 'warning' : 'success',
                );
              },
              onError: (e) => setProblem(errorMessage(e)),
            },
          );
        }}
      >
        Import reviewers
      </Button>
      {run.isPending ? <LinearProgress sx={{ mt: 2 }} /> : null}
      {result ? <ImportOutcome result={result} what="reviewers" testid="reviewer-import" /> : null}
    </Paper>
  );
}

function ReviewImport() {
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useImportReviews();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Reviews
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        An xlsx spreadsheet with the columns {REVIEW_IMPORT_COLUMNS.join(', ')}. A row is accepted when the
        paper is found and the reviewer exists and is not already a reviewer of that paper.
      </Typography>
      <FileUpload
        label="Reviews spreadsheet (xlsx)"
        name="reviews-file"
        extensions={['xlsx']}
        validate={onlyXlsx}
        onFiles={([f]) => {
          setFile(f ?? null);
          setResult(null);
        }}
      />
      {file ? <Typography sx={{ mt: 1 }}>Chosen: {file.name}</Typography> : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {problem}
        </Alert>
      ) : null}
      <Button
        sx={{ mt: 2 }}
        disabled={run.isPending}
        onClick={() => {
          setProblem(null);
          if (!file) return setProblem(REVIEW_MESSAGES.noFile);
          run.mutate(file, {
            onSuccess: (r) => {
              setResult(r);
              notify(`${r.valid} of ${r.total} reviews imported.`, r.errors.length ? 'warning' : 'success');
            },
            onError: (e) => setProblem(errorMessage(e)),
          });
        }}
      >
        Import reviews
      </Button>
      {run.isPending ? <LinearProgress sx={{ mt: 2 }} /> : null}
      {result ? <ImportOutcome result={result} what="reviews" testid="review-import" /> : null}
    </Paper>
  );
}
