import { FormControlLabel, Paper, Switch, TextField, Typography } from '@mui/material';
import { CHAIR_PAPER_MESSAGES, type ChairPaperDto, type ChairPaperUpdate } from '@symposium/domain';
import { ConferenceTime, useNotify } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { PaperScreen, SaveBar } from '../../components/paper-screen';
import { useRoleStatuses } from '../statuses/api/queries';
import { useRoleTracks } from '../tracks/api/queries';
import { useUpdatePaper } from './api/mutations';

/** Saves a chair edit of one paper with the §8 messages; the screen shows the stored paper afterwards. */
function useSavePaper(paper: ChairPaperDto) {
  const notify = useNotify();
  const update = useUpdatePaper();
  return {
    busy: update.isPending,
    save: (body: ChairPaperUpdate) =>
      update.mutate(
        { id: paper._id, body },
        {
          onSuccess: () => notify(CHAIR_PAPER_MESSAGES.updated),
          onError: () => notify(CHAIR_PAPER_MESSAGES.somethingWrongUpdating, 'error'),
        },
      ),
  };
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** /EditPaperStatus/{paperId}: a status whose text includes 'Accept with Revision' stamps acceptWithRevisionTimestamp (server). */
export function EditPaperStatus() {
  return (
    <PaperScreen title="Edit paper status">
      {(paper, back) => <StatusForm paper={paper} onBack={back} />}
    </PaperScreen>
  );
}

function StatusForm({ paper, onBack }: { paper: ChairPaperDto; onBack: () => void }) {
  const statuses = useRoleStatuses();
  const { busy, save } = useSavePaper(paper);
  const [status, setStatus] = useState(paper.status === null ? '' : String(paper.status));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save({ status: status === '' ? null : Number(status) });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate>
      <TextField
        select
        label="Status"
        name="status"
        value={status}
        slotProps={nativeSelect}
        sx={{ maxWidth: 480 }}
        onChange={(e) => setStatus(e.target.value)}
      >
        <option value="">No status</option>
        {(statuses.data ?? []).map((s) => (
          <option key={s._id} value={String(s._id)}>
            {s.text}
          </option>
        ))}
      </TextField>
      <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="accept-with-revision">
        {paper.acceptWithRevisionTimestamp ? (
          <>
            Accepted with revision on <ConferenceTime value={paper.acceptWithRevisionTimestamp} />
          </>
        ) : (
          'Not accepted with revision.'
        )}
      </Typography>
      <SaveBar
        busy={busy}
        disabled={status === (paper.status === null ? '' : String(paper.status))}
        onBack={onBack}
      />
    </Paper>
  );
}

/** /ChangeTrack/{paperId}: moves the paper to another track (a subject area the new track lacks is cleared). */
export function ChangeTrack() {
  return (
    <PaperScreen title="Change track">
      {(paper, back) => <TrackForm paper={paper} onBack={back} />}
    </PaperScreen>
  );
}

function TrackForm({ paper, onBack }: { paper: ChairPaperDto; onBack: () => void }) {
  const tracks = useRoleTracks();
  const { busy, save } = useSavePaper(paper);
  const [track, setTrack] = useState(String(paper.track));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save({ track: Number(track) });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate>
      <TextField
        select
        label="Track"
        name="track"
        value={track}
        slotProps={nativeSelect}
        sx={{ maxWidth: 480 }}
        onChange={(e) => setTrack(e.target.value)}
      >
        {(tracks.data ?? []).map((t) => (
          <option key={t._id} value={String(t._id)}>
            {t.name}
          </option>
        ))}
      </TextField>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        A subject area the new track does not have is cleared.
      </Typography>
      <SaveBar busy={busy} disabled={track === String(paper.track)} onBack={onBack} />
    </Paper>
  );
}

type Stage = 'cameraReady' | 'presentationReady';

const STAGES = {
  cameraReady: {
    title: 'Camera-ready status',
    submitted: 'submittedCameraReady',
    approved: 'isCameraReady',
    submittedLabel: 'Camera-ready submitted',
    approvedLabel: 'Camera-ready approved',
  },
  presentationReady: {
    title: 'Presentation-ready status',
    submitted: 'submittedPresentationReady',
    approved: 'isPresentationReady',
    submittedLabel: 'Presentation-ready submitted',
    approvedLabel: 'Presentation-ready approved',
  },
} as const;

/** /EditCameraReadyStatus/{paperId} and /EditPresentationReadyStatus/{paperId}: the submitted and approved flags. */
export function EditStageStatus({ stage }: { stage: Stage }) {
  return (
    <PaperScreen title={STAGES[stage].title}>
      {(paper, back) => <StageStatusForm key={paper._id} paper={paper} stage={stage} onBack={back} />}
    </PaperScreen>
  );
}

function StageStatusForm({
  paper,
  stage,
  onBack,
}: {
  paper: ChairPaperDto;
  stage: Stage;
  onBack: () => void;
}) {
  const s = STAGES[stage];
  const { busy, save } = useSavePaper(paper);
  const [submitted, setSubmitted] = useState(paper[s.submitted]);
  const [approved, setApproved] = useState(paper[s.approved]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save({ [s.submitted]: submitted, [s.approved]: approved });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate>
      <FormControlLabel
        control={
          <Switch name={s.submitted} checked={submitted} onChange={(e) => setSubmitted(e.target.checked)} />
        }
        label={s.submittedLabel}
      />
      <FormControlLabel
        control={
          <Switch name={s.approved} checked={approved} onChange={(e) => setApproved(e.target.checked)} />
        }
        label={s.approvedLabel}
      />
      <SaveBar busy={busy} onBack={onBack} />
    </Paper>
  );
}
