import { Button, FormControlLabel, FormGroup, Paper, Stack, Switch, Typography } from '@mui/material';
import {
  CHAIR_PAPER_MESSAGES,
  DOCUMENT_LABELS,
  LETTER_FLAGS,
  LETTER_KINDS,
  type ChairPaperDto,
  type LetterKind,
} from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PaperScreen } from '../../components/paper-screen';
import { useUpdatePaper } from '../papers/api/mutations';
import { IssuedDocuments } from './issued-documents';

/** The three switches: which letters the paper's authors may download from their menu. */
function LetterSwitches({ paper }: { paper: ChairPaperDto }) {
  const notify = useNotify();
  const update = useUpdatePaper();
  const toggle = (kind: LetterKind, on: boolean) =>
    update.mutate(
      { id: paper._id, body: { [LETTER_FLAGS[kind]]: on } },
      {
        onSuccess: () => notify(CHAIR_PAPER_MESSAGES.updated),
        onError: (err) => notify(errorMessage(err, CHAIR_PAPER_MESSAGES.updateError), 'error'),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="letters-enabled">
      <Typography variant="subtitle1" component="h2" id="letters-enabled">
        Letters the authors may download
      </Typography>
      <FormGroup>
        {LETTER_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            label={DOCUMENT_LABELS[kind]}
            control={
              <Switch
                name={LETTER_FLAGS[kind]}
                checked={paper[LETTER_FLAGS[kind]]}
                disabled={update.isPending}
                onChange={(e) => toggle(kind, e.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </Paper>
  );
}

/**
 * /EditPaperDownloadLetter/{paperId}: the acceptance letter, certificate and invitation letter switches
 * (PUT /papers/{paperId}) and the documents issued for the paper (download, revoke, credit note).
 */
export function EditPaperDownloadLetter() {
  return (
    <PaperScreen title="Letters and documents">
      {(paper) => (
        <>
          <LetterSwitches paper={paper} />
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <Button component={Link} to={paths.generateLetter(paper._id)} variant="outlined">
              Generate a letter
            </Button>
            <Button component={Link} to={paths.generateInvoiceOrReceipt(paper._id)} variant="outlined">
              Invoice or receipt
            </Button>
          </Stack>
          <IssuedDocuments paperId={paper._id} />
        </>
      )}
    </PaperScreen>
  );
}
