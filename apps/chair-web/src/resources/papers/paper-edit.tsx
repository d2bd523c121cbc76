import { FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { CHAIR_PAPER_MESSAGES, type ChairPaperDto, type ChairPaperUpdate } from '@symposium/domain';
import { ConferenceTime, useNotify } from '@symposium/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PaperScreen, SaveBar } from '../../components/paper-screen';
import { FilterSelect, statusOptions, trackOptions } from '../../components/select-field';
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

/** A paper's edit form on an outlined paper; Enter or Save submits it. */
function PaperForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate>
      {children}
    </Paper>
  );
}

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
  return (
    <PaperForm onSubmit={() => save({ status: status === '' ? null : Number(status) })}>
      <FilterSelect
        label="Status"
        name="status"
        value={status}
        sx={{ maxWidth: 480 }}
        empty="No status"
        options={statusOptions(statuses.data ?? [])}
        onChange={setStatus}
      />
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
    </PaperForm>
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
  return (
    <PaperForm onSubmit={() => save({ track: Number(track) })}>
      <FilterSelect
        label="Track"
        name="track"
        value={track}
        sx={{ maxWidth: 480 }}
        empty={null}
        options={trackOptions(tracks.data ?? [])}
        onChange={setTrack}
      />
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        A subject area the new track does not have is cleared.
      </Typography>
      <SaveBar busy={busy} disabled={track === String(paper.track)} onBack={onBack} />
    </PaperForm>
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
  return (
    <PaperForm onSubmit={() => save({ [s.submitted]: submitted, [s.approved]: approved })}>
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
    </PaperForm>
  );
}
