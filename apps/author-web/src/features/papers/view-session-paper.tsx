import { Alert, Paper, Stack, Typography } from '@mui/material';
import { PAPER_FILE_LABELS, PAPER_MESSAGES, type PaperFileDto } from '@symposium/domain';
import { useParams } from 'react-router';
import { registeredFileUrl, useRegisteredPaper } from './api/registered-paper';
import { AuthorList, Section } from './components/paper-details';
import { PaperFiles } from './components/paper-files';
import { routeId } from './utils/route-id';
import { QueryState, useDocumentTitle } from '@symposium/ui';

/** /ViewSessionPaper/{paperId}: a registered paper; each download opens in a new window. */
export function ViewSessionPaper() {
  useDocumentTitle('Session paper');
  const paperId = routeId(useParams().paperId);
  const paper = useRegisteredPaper(paperId);
  if (Number.isNaN(paperId)) return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;
  return (
    <QueryState queries={[paper]} fallback={PAPER_MESSAGES.obtainFailed}>
      {() => {
        const p = paper.data!;
        const files: { file: PaperFileDto; label: string }[] = [
          ...p.abstract.files.map((file) => ({ file, label: 'Submission' })),
          ...(p.cameraReady.files.pdf
            ? [{ file: p.cameraReady.files.pdf, label: PAPER_FILE_LABELS.pdf }]
            : []),
          ...(
            Object.entries(p.presentationReady.files) as [
              keyof typeof PAPER_FILE_LABELS,
              PaperFileDto | null,
            ][]
          )
            .filter((e): e is [keyof typeof PAPER_FILE_LABELS, PaperFileDto] => e[1] !== null)
            .map(([part, file]) => ({ file, label: PAPER_FILE_LABELS[part] })),
        ];
        return (
          <Stack spacing={2}>
            <Typography variant="h4" component="h1">
              {p.title}
            </Typography>
            <Typography color="text.secondary">Paper {p._id}</Typography>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={2}>
                <Section title="Authors">
                  <AuthorList authors={p.authors} primary={p.primaryAuthor} />
                </Section>
                <Section title="Abstract">
                  <Typography sx={{ whiteSpace: 'pre-line' }}>{p.abstract.text}</Typography>
                </Section>
                <Section title="Files">
                  <PaperFiles files={files} url={(f) => registeredFileUrl(p._id, f._id)} newWindow />
                </Section>
              </Stack>
            </Paper>
          </Stack>
        );
      }}
    </QueryState>
  );
}
