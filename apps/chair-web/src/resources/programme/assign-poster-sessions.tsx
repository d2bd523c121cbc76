import {
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  PROGRAMME_MESSAGES,
  sessionName,
  type PosterSessionDto,
  type RoomDto,
  type SchedulablePaperDto,
} from '@symposium/domain';
import { routeId } from '@symposium/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import {
  countOf,
  nativeSelect,
  parseWholeNumber,
  peopleNames,
  PROGRAMME_UI_MESSAGES,
} from './programme-labels';
import { choicesFor, EditSessionPage, SaveButtons, useSaveSession } from './session-edit';
import { PaperOptions, RoomOptions } from './session-fields';
import { BatchSessionWizard, type BatchStepProps, type BatchWizardKind } from './session-wizard';
import { useSchedulablePapers } from './api/queries';
import { scrollRegion } from '../../components/data-table';

/** One poster session being built: one paper, its number and room (as typed). */
interface PosterDraft {
  paper: SchedulablePaperDto;
  number: string;
  room: string;
}

type RowErrors = Partial<Record<'number' | 'room', string>>;
type StepProps = BatchStepProps<'poster', PosterDraft, RowErrors>;

const POSTER: BatchWizardKind<'poster', PosterDraft, RowErrors> = {
  kind: 'poster',
  title: 'Build poster sessions',
  links: (
    <Button variant="outlined" component={Link} to={paths.viewPosterSessions}>
      Poster sessions
    </Button>
  ),
  noun: 'poster session',
  list: { to: paths.viewPosterSessions, label: 'poster sessions' },
  keyOf: (d) => d.paper._id,
  // Keep what was typed for papers still picked; number the new ones after the highest in use.
  draftsFor: (picked, drafts, { existing }) => {
    const kept = new Map(drafts.map((d) => [d.paper._id, d]));
    let next = Math.max(0, ...existing.map((s) => s._id), ...drafts.map((d) => Number(d.number) || 0)) + 1;
    return picked.map((paper) => kept.get(paper._id) ?? { paper, number: String(next++), room: '' });
  },
  check: (d, others, existing) => {
    const e: RowErrors = {};
    const n = parseWholeNumber(d.number);
    if (n === null) e.number = PROGRAMME_MESSAGES.sessionNumber;
    else if (existing.some((s) => s._id === n) || others.some((x) => Number(x.number) === n))
      e.number = PROGRAMME_MESSAGES.sessionNumberTaken;
    if (!d.room) e.room = PROGRAMME_MESSAGES.room;
    return e;
  },
  toInput: (d) => ({ _id: Number(d.number), paper: d.paper._id, room: Number(d.room) }),
  Build: BuildStep,
  Confirm: ConfirmTable,
};

/**
 * /AssignPosterSessions: pick accepted papers, give each its poster session (number, room), confirm, then each
 * session is created and its result shown. /AssignPosterSessions?session=N edits session N.
 */
export function AssignPosterSessions() {
  const [params] = useSearchParams();
  const session = params.get('session');
  if (session !== null) return <EditPosterSession id={routeId(session)} />;
  return <BatchSessionWizard config={POSTER} />;
}

/** Step "Build sessions": one room for every poster, then each poster's number and room. */
function BuildStep({ drafts, setDrafts, outcomes, errors, rooms }: StepProps) {
  return (
    <>
      <TextField
        select
        label="Room for every poster"
        name="allRooms"
        value=""
        sx={{ maxWidth: 360, mb: 1 }}
        slotProps={nativeSelect}
        onChange={(e) =>
          setDrafts(drafts.map((d) => (outcomes[d.paper._id]?.ok ? d : { ...d, room: e.target.value })))
        }
      >
        <RoomOptions rooms={rooms} empty="Choose to set them all" />
      </TextField>
      <PosterRows
        drafts={drafts}
        created={new Set(drafts.filter((d) => outcomes[d.paper._id]?.ok).map((d) => d.paper._id))}
        rooms={rooms}
        errors={errors}
        onChange={(paperId, patch) =>
          setDrafts(drafts.map((d) => (d.paper._id === paperId ? { ...d, ...patch } : d)))
        }
      />
    </>
  );
}

/** Step "Confirm": the poster sessions to create, and each one's outcome once created or refused. */
function ConfirmTable({ drafts, rooms, outcomes }: StepProps) {
  const roomName = (id: string) => rooms.find((r) => String(r._id) === id)?.name ?? '—';
  return (
    <>
      <Typography sx={{ mb: 1 }}>{countOf(drafts.length, 'poster session')} will be created:</Typography>
      <TableContainer {...scrollRegion('Poster sessions to create')}>
        <Table size="small" aria-label="Poster sessions to create">
          <TableHead>
            <TableRow>
              <TableCell>Session</TableCell>
              <TableCell>Paper</TableCell>
              <TableCell>Room</TableCell>
              <TableCell>Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody data-testid="confirm-list">
            {drafts.map((d) => {
              const o = outcomes[d.paper._id];
              return (
                <TableRow key={d.paper._id} data-testid={`confirm-${d.number}`}>
                  <TableCell>{sessionName('poster', Number(d.number))}</TableCell>
                  <TableCell>
                    {d.paper._id}: {d.paper.title}
                  </TableCell>
                  <TableCell>{roomName(d.room)}</TableCell>
                  <TableCell data-testid={`outcome-${d.number}`}>
                    {o ? (
                      <Typography variant="body2" color={o.ok ? 'success.main' : 'error'}>
                        {o.ok ? 'Created' : o.message}
                      </Typography>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function PosterRows({
  drafts,
  created,
  rooms,
  errors,
  onChange,
}: {
  drafts: PosterDraft[];
  /** Papers whose session was created already (no longer editable here). */
  created: Set<number>;
  rooms: RoomDto[];
  errors: Record<number, RowErrors>;
  onChange: (paperId: number, patch: Partial<PosterDraft>) => void;
}) {
  return (
    <TableContainer {...scrollRegion('Poster sessions')}>
      <Table size="small" aria-label="Poster sessions">
        <TableHead>
          <TableRow>
            <TableCell>Paper</TableCell>
            <TableCell>Authors</TableCell>
            <TableCell sx={{ width: 180 }}>Session number</TableCell>
            <TableCell sx={{ width: 280 }}>Room</TableCell>
          </TableRow>
        </TableHead>
        <TableBody data-testid="poster-drafts">
          {drafts.map((d) => {
            const e = errors[d.paper._id] ?? {};
            return (
              <TableRow key={d.paper._id} data-testid={`poster-draft-${d.paper._id}`}>
                <TableCell>
                  {d.paper._id}: {d.paper.title}
                </TableCell>
                <TableCell>{peopleNames(d.paper.authors)}</TableCell>
                <TableCell>
                  <TextField
                    id={`number-${d.paper._id}`}
                    name="number"
                    value={d.number}
                    disabled={created.has(d.paper._id)}
                    error={Boolean(e.number)}
                    helperText={e.number ?? (created.has(d.paper._id) ? 'Created' : undefined)}
                    slotProps={{ htmlInput: { 'aria-label': `Session number of paper ${d.paper._id}` } }}
                    onChange={(ev) => onChange(d.paper._id, { number: ev.target.value })}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    id={`room-${d.paper._id}`}
                    name="room"
                    value={d.room}
                    disabled={created.has(d.paper._id)}
                    error={Boolean(e.room)}
                    helperText={e.room}
                    slotProps={{
                      ...nativeSelect,
                      htmlInput: { 'aria-label': `Room of paper ${d.paper._id}` },
                    }}
                    onChange={(ev) => onChange(d.paper._id, { room: ev.target.value })}
                  >
                    <RoomOptions rooms={rooms} />
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function EditPosterSession({ id }: { id: number }) {
  const papers = useSchedulablePapers(null);
  return (
    <EditSessionPage kind="poster" id={id}>
      {(s, rooms) => <PosterEditForm key={s._id} session={s} rooms={rooms} papers={papers.data ?? []} />}
    </EditSessionPage>
  );
}

function PosterEditForm({
  session,
  rooms,
  papers,
}: {
  session: PosterSessionDto;
  rooms: RoomDto[];
  papers: SchedulablePaperDto[];
}) {
  const { save, saving } = useSaveSession('poster', PROGRAMME_UI_MESSAGES.sessionSaved);
  const [paper, setPaper] = useState(session.paper ? String(session.paper._id) : '');
  const [room, setRoom] = useState(session.room ? String(session.room._id) : '');
  const [errors, setErrors] = useState<Partial<Record<'paper' | 'room', string>>>({});
  const choices = choicesFor(papers, 'poster', session._id);
  if (session.paper && !choices.some((p) => p._id === session.paper!._id))
    choices.unshift({ ...session.paper, primarySubjectArea: null, session: null });
  const onSave = () => {
    const e: typeof errors = {};
    if (!paper) e.paper = PROGRAMME_MESSAGES.paper;
    if (!room) e.room = PROGRAMME_MESSAGES.room;
    setErrors(e);
    if (Object.keys(e).length) return;
    save(session._id, { paper: Number(paper), room: Number(room) });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
      <TextField label="Session number" name="number" value={String(session._id)} disabled />
      <TextField
        select
        label="Paper"
        name="paper"
        value={paper}
        error={Boolean(errors.paper)}
        helperText={errors.paper}
        slotProps={nativeSelect}
        onChange={(e) => setPaper(e.target.value)}
      >
        <PaperOptions papers={choices} />
      </TextField>
      <TextField
        select
        label="Room"
        name="room"
        value={room}
        error={Boolean(errors.room)}
        helperText={errors.room}
        slotProps={nativeSelect}
        onChange={(e) => setRoom(e.target.value)}
      >
        <RoomOptions rooms={rooms} />
      </TextField>
      <SaveButtons
        label="Save session"
        saving={saving}
        onSave={onSave}
        to={paths.viewPosterSessions}
        link="Back to the list"
      />
    </Paper>
  );
}
