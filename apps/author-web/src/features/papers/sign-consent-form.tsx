import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { PAPER_MESSAGES, type ConferenceDto, type PaperDto } from '@symposium/domain';
import {
  ConferenceTime,
  errorMessage,
  QueryState,
  useDocumentTitle,
  useNotify,
  useSession,
} from '@symposium/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { signatureUrl, useSignConsent } from './api/consent';
import { usePaper } from './api/papers';
import { routeId } from './utils/route-id';

const SIGNATURE_MAX = 100;

function ConsentForm({ paper, conference }: { paper: PaperDto; conference: ConferenceDto | null }) {
  const notify = useNotify();
  const sign = useSignConsent(paper._id);
  const [signature, setSignature] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // sanitized by the server when the chair saves it, so shown as stored
  const agreement = conference?.publishingAgreementHtml ?? '';
  const submit = () => {
    if (!signature.trim()) {
      setProblem(PAPER_MESSAGES.signatureRequired);
      return;
    }
    setProblem(null);
    sign.mutate(signature.trim(), {
      onSuccess: (r) => notify(r.message),
      onError: (e) => setProblem(errorMessage(e, PAPER_MESSAGES.submissionFailed)),
    });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Consent form
      </Typography>
      <Typography color="text.secondary">
        Paper {paper._id}: {paper.title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {agreement.trim() ? (
          <Box data-testid="publishing-agreement" dangerouslySetInnerHTML={{ __html: agreement }} />
        ) : (
          <Typography color="text.secondary">The publishing agreement has not been published yet.</Typography>
        )}
      </Paper>
      {paper.consent ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle2" color="text.secondary">
            Signed on <ConferenceTime value={paper.consent.signedAt} />
          </Typography>
          <Box
            component="img"
            data-testid="signature-image"
            src={signatureUrl(paper._id, paper.consent.signedAt)}
            alt={`Signature of ${paper.consent.signatureName}`}
            sx={{ display: 'block', maxWidth: '100%', mt: 1, border: 1, borderColor: 'divider' }}
          />
        </Paper>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
        <TextField
          label="Signature"
          value={signature}
          onChange={(e) => setSignature(e.target.value.slice(0, SIGNATURE_MAX))}
          helperText="Type your full name as your signature"
          slotProps={{ htmlInput: { maxLength: SIGNATURE_MAX } }}
          sx={{ minWidth: 320 }}
        />
        <Button onClick={submit} disabled={sign.isPending}>
          {conference?.consentButtonLabel.trim() || 'Sign'}
        </Button>
      </Stack>
      {problem ? (
        <Alert severity="error" data-testid="form-error">
          {problem}
        </Alert>
      ) : null}
      <Box>
        <Button variant="text" component={Link} to={paths.home}>
          Back to my papers
        </Button>
      </Box>
    </Stack>
  );
}

/** /SignConsentForm/{paperId}: the publishing agreement, a typed signature drawn by the server as a JPEG. */
export function SignConsentForm() {
  useDocumentTitle('Consent form');
  const paperId = routeId(useParams().paperId);
  const { conference } = useSession();
  const paper = usePaper(paperId);
  if (Number.isNaN(paperId)) return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;
  return (
    <QueryState queries={[paper]} fallback={PAPER_MESSAGES.obtainFailed}>
      {() =>
        paper.data!.actions.canSignConsent || paper.data!.consent ? (
          <ConsentForm paper={paper.data!} conference={conference} />
        ) : (
          <Alert severity="warning" data-testid="not-allowed">
            {conference?.digitalConsentSigning ? PAPER_MESSAGES.notAccepted : PAPER_MESSAGES.consentDisabled}
          </Alert>
        )
      }
    </QueryState>
  );
}
