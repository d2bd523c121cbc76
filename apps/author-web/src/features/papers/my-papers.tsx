import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControl,
  InputLabel,
  OutlinedInput,
  Stack,
  Typography,
} from '@mui/material';
import { PAPER_FILE_LABELS, type PaperDto, type PaperFileDto, type TrackDto } from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PaperLetters } from '../letters/paper-letters';
import { PaperReviewsButton } from '../reviews/components/paper-reviews-button';
import { paperFileUrl, usePapers, useSetNotes } from './api/papers';
import { useTracks } from './api/tracks';
import { PaperFiles } from './components/paper-files';

/** Every file of a paper with what it is: submission, camera-ready and presentation-ready parts. */
export function allFiles(paper: PaperDto): { file: PaperFileDto; label: string }[] {
  const out = paper.abstract.files.map((file) => ({ file, label: 'Submission' }));
  for (const [part, file] of [
    ...Object.entries(paper.cameraReady.files),
    ...Object.entries(paper.presentationReady.files),
  ] as [keyof typeof PAPER_FILE_LABELS, PaperFileDto | null][])
    if (file) out.push({ file, label: PAPER_FILE_LABELS[part] });
  return out;
}

function Notes({ paper }: { paper: PaperDto }) {
  const notify = useNotify();
  const save = useSetNotes();
  const [notes, setNotes] = useState(paper.notes);
  const changed = notes !== paper.notes;
  const id = useId();
  // FormControl + OutlinedInput rather than TextField: TextField's select mode brings Select, Menu and
  // Popover into the home screen's first load (issue 12: ≤ 150 kB of JS for it).
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
      <FormControl size="small" variant="outlined" fullWidth>
        <InputLabel htmlFor={id}>Notes</InputLabel>
        <OutlinedInput
          id={id}
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value.slice(0, 10_000))}
          multiline
          minRows={1}
        />
      </FormControl>
      <Button
        variant="outlined"
        disabled={!changed || save.isPending}
        onClick={() =>
          save.mutate(
            { paperId: paper._id, notes },
            {
              onSuccess: () => notify('Notes saved'),
              onError: (e) => notify(errorMessage(e, 'Something went wrong while updating!'), 'error'),
            },
          )
        }
      >
        Save notes
      </Button>
    </Stack>
  );
}

function Flag({ label, on }: { label: string; on: boolean }) {
  return (
    <Chip
      size="small"
      label={`${label}: ${on ? 'Yes' : 'No'}`}
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
    />
  );
}

function PaperCard({ paper, track }: { paper: PaperDto; track: TrackDto | undefined }) {
  const a = paper.actions;
  const primary = paper.authors.find((x) => x._id === paper.primaryAuthor);
  return (
    <Card component="section" aria-labelledby={`paper-${paper._id}`} data-testid="paper">
      <CardContent>
        <Typography variant="h6" component="h3" id={`paper-${paper._id}`}>
          {paper.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Paper {paper._id}
          {track ? ` · ${track.name}` : ''}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {paper.authors.map((x) => `${x.firstName} ${x.lastName}`).join(', ')}
          {primary ? ` (primary author: ${primary.firstName} ${primary.lastName})` : ''}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ my: 1 }} data-testid="flags">
          <Flag label="Camera-ready submitted" on={paper.submittedCameraReady} />
          <Flag label="Camera-ready approved" on={paper.isCameraReady} />
          <Flag label="Presentation-ready submitted" on={paper.submittedPresentationReady} />
          <Flag label="Presentation-ready approved" on={paper.isPresentationReady} />
          {paper.consent ? <Chip size="small" color="success" label="Consent form signed" /> : null}
        </Stack>
        {paper.decision ? (
          <Typography variant="body1" sx={{ my: 1 }} data-testid="decision">
            Decision: <strong>{paper.decision}</strong>
          </Typography>
        ) : null}
        <Box sx={{ my: 1 }}>
          <PaperFiles label="Downloads" files={allFiles(paper)} url={(f) => paperFileUrl(paper._id, f._id)} />
        </Box>
        <PaperLetters paperId={paper._id} />
        <Notes paper={paper} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" component={Link} to={paths.viewPaper(paper._id)} variant="outlined">
          View
        </Button>
        {a.canEdit ? (
          <Button size="small" component={Link} to={paths.submission(paper.track, paper._id)}>
            Edit
          </Button>
        ) : null}
        <PaperReviewsButton paperId={paper._id} enabled={paper.actions.canViewReviews} />
        <Button size="small" component={Link} to={paths.confirmationEmail(paper._id)} variant="outlined">
          Confirmation e-mail
        </Button>
        {a.canSubmitCameraReady ? (
          <Button size="small" component={Link} to={paths.cameraReady(paper.track, paper._id)}>
            Camera-ready
          </Button>
        ) : null}
        {a.canSubmitPresentationReady ? (
          <Button size="small" component={Link} to={paths.presentationReady(paper.track, paper._id)}>
            Presentation-ready
          </Button>
        ) : null}
        {a.canSignConsent ? (
          <Button size="small" component={Link} to={paths.signConsentForm(paper._id)}>
            Sign consent form
          </Button>
        ) : null}
        {a.canDelete ? (
          <Button
            size="small"
            component={Link}
            to={paths.confirmationDelete(paper._id)}
            color="error"
            variant="outlined"
          >
            Delete
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}

/** The author menu's papers (spec §2): notes, downloads, flags and the actions each paper allows now. */
export function MyPapers() {
  const papers = usePapers();
  const tracks = useTracks();
  return (
    <Stack spacing={2} component="section" aria-labelledby="my-papers">
      <Typography variant="h5" component="h2" id="my-papers">
        My papers
      </Typography>
      {papers.isError ? (
        <Alert severity="error">{errorMessage(papers.error, 'The paper could not be obtained')}</Alert>
      ) : papers.isPending ? (
        <Typography color="text.secondary">Loading papers…</Typography>
      ) : papers.data.length ? (
        papers.data.map((p) => (
          <PaperCard key={p._id} paper={p} track={tracks.data?.find((t) => t._id === p.track)} />
        ))
      ) : (
        <Typography data-testid="no-papers">You have not submitted any paper yet.</Typography>
      )}
    </Stack>
  );
}
