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
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  REGISTRATION_IMPORT_COLUMN_HELP,
  REGISTRATION_IMPORT_COLUMNS,
  REGISTRATION_IMPORT_MAX_ROWS,
  REGISTRATION_IMPORT_MESSAGES,
  REGISTRATION_IMPORT_REQUIRED,
  type RegistrationImportResult,
} from '@symposium/domain';
import { errorMessage, FileUpload } from '@symposium/ui';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { useImportRegistrations } from './api/mutations';

/** §5: the registration import accepts xlsx only. */
const onlyXlsx = (file: File) =>
  /\.xlsx$/i.test(file.name) ? null : REGISTRATION_IMPORT_MESSAGES.invalidFile;

/**
 * /ImportRegistrations (chair only): upload an xlsx; the server checks every row and writes nothing while a
 * row is refused. The refused rows are listed; "Import the N valid rows" sends the file again with confirm.
 */
export function ImportRegistrations() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<RegistrationImportResult | null>(null);
  const run = useImportRegistrations();
  const send = (confirm: boolean) => {
    setProblem(null);
    if (!file) return setProblem(REGISTRATION_IMPORT_MESSAGES.noFile);
    run.mutate(
      { file, confirm },
      { onSuccess: (r) => setResult(r), onError: (e) => setProblem(errorMessage(e)) },
    );
  };
  return (
    <>
      <PageTitle
        title="Import registrations"
        actions={
          <Button variant="outlined" component={RouterLink} to={paths.viewRegisteredPapers}>
            Registered papers
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Expected columns
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The first sheet of an xlsx spreadsheet, a header row then one registration per row (at most{' '}
          {REGISTRATION_IMPORT_MAX_ROWS} rows). Cells must hold values, not formulas.
        </Typography>
        <List dense data-testid="registration-columns">
          {REGISTRATION_IMPORT_COLUMNS.map((c) => (
            <ListItem key={c} disableGutters>
              <ListItemText
                primary={`${c}${REGISTRATION_IMPORT_REQUIRED.includes(c) ? '' : ' (optional)'}`}
                secondary={REGISTRATION_IMPORT_COLUMN_HELP[c]}
              />
            </ListItem>
          ))}
        </List>
        <FileUpload
          label="Registrations spreadsheet (xlsx)"
          name="registrations-file"
          extensions={['xlsx']}
          validate={onlyXlsx}
          disabled={run.isPending}
          onFiles={([f]) => {
            setFile(f ?? null);
            setResult(null);
            setProblem(null);
          }}
        />
        {file ? <Typography sx={{ mt: 1 }}>Chosen: {file.name}</Typography> : null}
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" disabled={run.isPending || !file} onClick={() => send(false)}>
            Upload
          </Button>
        </Stack>
        {run.isPending ? <LinearProgress sx={{ mt: 2 }} /> : null}
        {result ? <ImportOutcome result={result} busy={run.isPending} onConfirm={() => send(true)} /> : null}
      </Paper>
    </>
  );
}

function ImportOutcome({
  result,
  busy,
  onConfirm,
}: {
  result: RegistrationImportResult;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <Box sx={{ mt: 2 }} data-testid="registration-import-result">
      <Alert
        severity={result.errors.length ? 'warning' : 'success'}
        data-testid="registration-import-summary"
      >
        {result.valid} of {result.total} rows valid.
        {result.imported
          ? ` ${result.valid} registration${result.valid === 1 ? '' : 's'} imported.`
          : ' Nothing was imported.'}
      </Alert>
      {result.errors.length ? (
        <Table size="small" sx={{ mt: 2 }} aria-label="Refused rows" data-testid="registration-import-errors">
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.errors.map((e, i) => (
              <TableRow key={i}>
                <TableCell>{e.row}</TableCell>
                <TableCell>{e.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {!result.imported && result.valid > 0 ? (
        <Button variant="contained" color="warning" sx={{ mt: 2 }} disabled={busy} onClick={onConfirm}>
          Import the {result.valid} valid row{result.valid === 1 ? '' : 's'}
        </Button>
      ) : null}
    </Box>
  );
}
