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
import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
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

/**
 * One spreadsheet import: what the file holds, any fields before it (`children`), the file, Import (after
 * `precheck`, then the file, are checked) and the outcome with the refused rows.
 */
function SpreadsheetImport<V>({
  title,
  description,
  file: fileField,
  what,
  testid,
  mutation,
  variables,
  precheck = () => null,
  last = false,
  children,
}: {
  title: string;
  description: ReactNode;
  file: { label: string; name: string };
  /** What a row is, in the plural ("reviewers"): the button reads "Import reviewers". */
  what: string;
  testid: string;
  mutation: UseMutationResult<ImportResult, Error, V>;
  variables: (file: File) => V;
  precheck?: () => string | null;
  /** The last section: no space below it. */
  last?: boolean;
  children?: ReactNode;
}) {
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const start = () => {
    setProblem(null);
    const refused = precheck() ?? (file ? null : REVIEW_MESSAGES.noFile);
    if (refused || !file) return setProblem(refused);
    mutation.mutate(variables(file), {
      onSuccess: (r) => {
        setResult(r);
        notify(`${r.valid} of ${r.total} ${what} imported.`, r.errors.length ? 'warning' : 'success');
      },
      onError: (e) => setProblem(errorMessage(e)),
    });
  };
  return (
    <Paper variant="outlined" sx={last ? { p: 2 } : { p: 2, mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      {children}
      <FileUpload
        label={fileField.label}
        name={fileField.name}
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
      <Button sx={{ mt: 2 }} disabled={mutation.isPending} onClick={start}>
        {`Import ${what}`}
      </Button>
      {mutation.isPending ? <LinearProgress sx={{ mt: 2 }} /> : null}
      {result ? <ImportOutcome result={result} what={what} testid={testid} /> : null}
    </Paper>
  );
}

function ReviewerImport() {
  const tracks = useRoleTracks();
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <SpreadsheetImport
      title="Reviewers"
      description={`An xlsx spreadsheet with the columns ${REVIEWER_IMPORT_COLUMNS.join(', ')}. Existing users gain the selected tracks; new e-mail addresses get a reviewer account.`}
      file={{ label: 'Reviewers spreadsheet (xlsx)', name: 'reviewers-file' }}
      what="reviewers"
      testid="reviewer-import"
      mutation={useImportReviewers()}
      variables={(file) => ({ file, tracks: selected })}
      precheck={() => (selected.length ? null : REVIEW_MESSAGES.selectTrack)}
    >
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
    </SpreadsheetImport>
  );
}

function ReviewImport() {
  return (
    <SpreadsheetImport
      title="Reviews"
      description={`An xlsx spreadsheet with the columns ${REVIEW_IMPORT_COLUMNS.join(', ')}. A row is accepted when the paper is found and the reviewer exists and is not already a reviewer of that paper.`}
      file={{ label: 'Reviews spreadsheet (xlsx)', name: 'reviews-file' }}
      what="reviews"
      testid="review-import"
      mutation={useImportReviews()}
      variables={(file) => file}
      last
    />
  );
}
