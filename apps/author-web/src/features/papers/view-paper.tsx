import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { PAPER_FILE_LABELS, PAPER_MESSAGES, type PaperFileDto } from '@symposium/domain';
import { Link, useParams } from 'react-router';
import { ResponseLinks } from '../responses/components/response-links';
import { paths } from '../../config/paths';
import { paperFileUrl, usePaper } from './api/papers';
import { useTrack } from './api/tracks';
import { AuthorList, Answers, Section } from './components/paper-details';
import { PaperChecks } from './components/paper-checks';
import { PaperFiles } from './components/paper-files';
import { routeId } from './utils/route-id';
import { ConferenceTime, QueryState, useDocumentTitle } from '@symposium/ui';

const partFiles = (files: Record<string, PaperFileDto | null>) =>
  Object.entries(files)
    .filter((e): e is [keyof typeof PAPER_FILE_LABELS, PaperFileDto] => e[1] !== null)
    .map(([part, file]) => ({ file, label: PAPER_FILE_LABELS[part] }));

/** /ViewPaper/{paperId}: the paper as submitted, with its camera-ready and presentation-ready material. */
export function ViewPaper() {
  const paperId = routeId(useParams().paperId);
  useDocumentTitle(`Paper ${paperId}`);
  const paper = usePaper(paperId);
  const track = useTrack(paper.data?.track ?? 0);
  if (Number.isNaN(paperId)) return <Alert severity="error">{PAPER_MESSAGES.notFound}</Alert>;

  return (
    <QueryState queries={[paper]} fallback={PAPER_MESSAGES.obtainFailed}>
      {() => {
        const p = paper.data!;
        const area = track.data?.subjectAreas.find((a) => a._id === p.primarySubjectArea);
        const url = (f: PaperFileDto) => paperFileUrl(p._id, f._id);
        return (
          <Stack spacing={2}>
            <Typography variant="h4" component="h1">
              {p.title}
            </Typography>
            <Typography color="text.secondary">
              Paper {p._id}
              {track.data ? ` · ${track.data.name}` : ''}
              {area ? ` · ${area.name}` : ''}
            </Typography>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={2}>
                <Section title="Authors">
                  <AuthorList authors={p.authors} primary={p.primaryAuthor} />
                </Section>
                <Section title="Abstract">
                  <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="paper-abstract">
                    {p.abstract.text}
                  </Typography>
                </Section>
                <Section title="Answers">
                  <Answers answers={p.abstract.questions} />
                </Section>
                <Section title="Submission files">
                  <PaperFiles files={p.abstract.files.map((file) => ({ file }))} url={url} />
                </Section>
                <Section title="Notes">
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                    {p.notes || '—'}
                  </Typography>
                </Section>
              </Stack>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2">
                  Camera-ready {p.submittedCameraReady ? '(submitted)' : '(not submitted)'}
                </Typography>
                <PaperFiles files={partFiles(p.cameraReady.files)} url={url} />
                <Answers answers={p.cameraReady.questions} />
              </Stack>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2">
                  Presentation-ready {p.submittedPresentationReady ? '(submitted)' : '(not submitted)'}
                </Typography>
                <PaperFiles files={partFiles(p.presentationReady.files)} url={url} />
                <Answers answers={p.presentationReady.questions} />
              </Stack>
            </Paper>
            <PaperChecks paperId={p._id} />
            {p.consent ? (
              <Alert severity="success">
                Consent form signed on <ConferenceTime value={p.consent.signedAt} />
              </Alert>
            ) : null}
            <ResponseLinks paperId={p._id} />
            <Stack direction="row" spacing={2}>
              {p.actions.canEdit ? (
                <Button component={Link} to={paths.submission(p.track, p._id)}>
                  Edit
                </Button>
              ) : null}
              <Button variant="text" component={Link} to={paths.home}>
                Back to my papers
              </Button>
            </Stack>
          </Stack>
        );
      }}
    </QueryState>
  );
}
