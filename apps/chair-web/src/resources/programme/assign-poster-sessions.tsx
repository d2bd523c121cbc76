import {
  Alert,
  Button,
  LinearProgress,
  Paper,
  Stack,
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
import { ApiError, routeId, StepsBar, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ClashSummary, SummaryClashes } from './clash-list';
import { PaperPicker } from './paper-picker';
import {
  nativeSelect,
  parseWholeNumber,
  peopleNames,
  PROGRAMME_UI_MESSAGES,
  roomLabel,
  saveError,
} from './programme-labels';
import { useCreateSession, useUpdateSession } from './api/mutations';
import { useRooms, useSchedulablePapers, useSession, useSessions } from './api/queries';
import { scrollRegion } from '../../components/data-table';

const STEPS = ['Pick papers', 'Build sessions', 'Confirm'];

/** One poster session being built: one paper, its number and room (as typed). */
interface PosterDraft {
  paper: SchedulablePaperDto;
  number: string;
  room: string;
}

type Outcome = { ok: true } | { ok: false; message: string };
type RowErrors = Partial<Record<'number' | 'room', string>>;

/**
 * /AssignPosterSessions: pick accepted papers, give each its poster session (number, room), confirm, then each
 * session is created and its result shown. /AssignPosterSessions?session=N edits session N.
 */
export function AssignPosterSessions() {
  const [params] = useSearchParams();
  const session = params.get('session');
  if (session !== null) return <EditPosterSession id={routeId(session)} />;
  return <BuildPosterSessions />;
}

function BuildPosterSessions() {
  const notify = useNotify();
  const existing = useSessions('poster');
  const rooms = useRooms();
  const create = useCreateSession('poster');
  const [step, setStep] = useState(0);
  const [track, setTrack] = useState<number | null>(null);
  const [picked, setPicked] = useState<SchedulablePaperDto[]>([]);
  const [drafts, setDrafts] = useState<PosterDraft[]>([]);
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const toBuild = () => {
    setProblem(null);
    if (!picked.length) return setProblem(PROGRAMME_MESSAGES.papers);
    // Keep what was typed for papers still picked; number the new ones after the highest in use.
    const kept = new Map(drafts.map((d) => [d.paper._id, d]));
    let next =
      Math.max(0, ...(existing.data ?? []).map((s) => s._id), ...drafts.map((d) => Number(d.number) || 0)) +
      1;
    setDrafts(picked.map((paper) => kept.get(paper._id) ?? { paper, number: String(next++), room: '' }));
    setStep(1);
  };

  const toConfirm = () => {
    setProblem(null);
    const stored = new Set((existing.data ?? []).map((s) => s._id));
    const all: Record<number, RowErrors> = {};
    // Sessions already created are stored ones now: only the others are checked (against them too).
    const pending = drafts.filter((d) => !outcomes[d.paper._id]?.ok);
    for (const d of pending) {
      const e: RowErrors = {};
      const n = parseWholeNumber(d.number);
      if (n === null) e.number = PROGRAMME_MESSAGES.sessionNumber;
      else if (stored.has(n) || pending.some((x) => x !== d && Number(x.number) === n))
        e.number = PROGRAMME_MESSAGES.sessionNumberTaken;
      if (!d.room) e.room = PROGRAMME_MESSAGES.room;
      if (Object.keys(e).length) all[d.paper._id] = e;
    }
    setErrors(all);
    if (Object.keys(all).length) return setProblem('Please correct the sessions highlighted in red');
    setStep(2);
  };

  const createAll = async () => {
    setCreating(true);
    const next = { ...outcomes };
    for (const d of drafts) {
      if (next[d.paper._id]?.ok) continue;
      try {
        await create.mutateAsync({ _id: Number(d.number), paper: d.paper._id, room: Number(d.room) });
        next[d.paper._id] = { ok: true };
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        next[d.paper._id] = { ok: false, message: saveError(e) };
      }
      setOutcomes({ ...next });
    }
    setCreating(false);
    const ok = drafts.filter((d) => next[d.paper._id]?.ok).length;
    notify(
      `${ok} of ${drafts.length} poster session${drafts.length === 1 ? '' : 's'} created`,
      ok === drafts.length ? 'success' : 'warning',
    );
  };

  const done = drafts.length > 0 && drafts.every((d) => outcomes[d.paper._id]?.ok);
  const started = Object.keys(outcomes).length > 0;
  const roomName = (id: string) => (rooms.data ?? []).find((r) => String(r._id) === id)?.name ?? '—';
  const setDraft = (paperId: number, patch: Partial<PosterDraft>) =>
    setDrafts(drafts.map((d) => (d.paper._id === paperId ? { ...d, ...patch } : d)));

  return (
    <>
      <PageTitle
        title="Build poster sessions"
        actions={
          <>
            <ClashSummary />
            <Button variant="outlined" component={Link} to={paths.viewPosterSessions}>
              Poster sessions
            </Button>
          </>
        }
      />
      <StepsBar steps={STEPS} active={step} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        {step === 0 ? (
          <PaperPicker track={track} onTrack={setTrack} selected={picked} onChange={setPicked} />
        ) : null}
        {step === 1 ? (
          <QueryView query={rooms}>
            {(roomList) => (
              <>
                {roomList.length === 0 ? (
                  <Alert severity="warning" sx={{ mb: 2 }}>
                    There are no rooms yet: <Link to={paths.viewEditAddRooms}>add rooms</Link> first.
                  </Alert>
                ) : null}
                <TextField
                  select
                  label="Room for every poster"
                  name="allRooms"
                  value=""
                  sx={{ maxWidth: 360, mb: 1 }}
                  slotProps={nativeSelect}
                  onChange={(e) =>
                    setDrafts(
                      drafts.map((d) => (outcomes[d.paper._id]?.ok ? d : { ...d, room: e.target.value })),
                    )
                  }
                >
                  <option value="">Choose to set them all</option>
                  {roomList.map((r) => (
                    <option key={r._id} value={String(r._id)}>
                      {roomLabel(r)}
                    </option>
                  ))}
                </TextField>
                <PosterRows
                  drafts={drafts}
                  created={new Set(drafts.filter((d) => outcomes[d.paper._id]?.ok).map((d) => d.paper._id))}
                  rooms={roomList}
                  errors={errors}
                  onChange={(paperId, patch) => setDraft(paperId, patch)}
                />
              </>
            )}
          </QueryView>
        ) : null}
        {step === 2 ? (
          <>
            <Typography sx={{ mb: 1 }}>
              {drafts.length} poster session{drafts.length === 1 ? '' : 's'} will be created:
            </Typography>
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
            <SummaryClashes />
          </>
        ) : null}
      </Paper>
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1}>
        {step > 0 && !done && !creating ? (
          <Button variant="outlined" onClick={() => setStep(step - 1)}>
            Back
          </Button>
        ) : null}
        {step === 0 ? <Button onClick={toBuild}>Next</Button> : null}
        {step === 1 ? <Button onClick={toConfirm}>Next</Button> : null}
        {step === 2 && !done ? (
          <Button disabled={creating} onClick={() => void createAll()}>
            {started
              ? 'Create the remaining sessions'
              : `Create ${drafts.length} poster session${drafts.length === 1 ? '' : 's'}`}
          </Button>
        ) : null}
        {done ? (
          <>
            <Button component={Link} to={paths.viewPosterSessions}>
              View poster sessions
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                setStep(0);
                setPicked([]);
                setDrafts([]);
                setOutcomes({});
              }}
            >
              Build more sessions
            </Button>
          </>
        ) : null}
      </Stack>
      {creating ? <LinearProgress sx={{ mt: 2 }} /> : null}
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
                    <option value="">Choose a room</option>
                    {rooms.map((r) => (
                      <option key={r._id} value={String(r._id)}>
                        {roomLabel(r)}
                      </option>
                    ))}
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
  const session = useSession('poster', Number.isNaN(id) ? null : id);
  const rooms = useRooms();
  const papers = useSchedulablePapers(null);
  if (Number.isNaN(id))
    return (
      <>
        <PageTitle title="Edit poster session" />
        <Alert severity="error">{PROGRAMME_MESSAGES.sessionNotFound}</Alert>
      </>
    );
  return (
    <>
      <PageTitle
        title={`Edit ${sessionName('poster', id)}`}
        actions={
          <>
            <ClashSummary />
            <Button variant="outlined" component={Link} to={paths.assignSessionLink('poster', id)}>
              Session link
            </Button>
          </>
        }
      />
      <QueryView query={session}>
        {(s) => (
          <QueryView query={rooms}>
            {(roomList) => (
              <PosterEditForm key={s._id} session={s} rooms={roomList} papers={papers.data ?? []} />
            )}
          </QueryView>
        )}
      </QueryView>
    </>
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
  const notify = useNotify();
  const update = useUpdateSession('poster');
  const [paper, setPaper] = useState(session.paper ? String(session.paper._id) : '');
  const [room, setRoom] = useState(session.room ? String(session.room._id) : '');
  const [errors, setErrors] = useState<Partial<Record<'paper' | 'room', string>>>({});
  const choices = papers.filter(
    (p) => !p.session || (p.session.kind === 'poster' && p.session._id === session._id),
  );
  if (session.paper && !choices.some((p) => p._id === session.paper!._id))
    choices.unshift({ ...session.paper, primarySubjectArea: null, session: null });
  const save = () => {
    const e: typeof errors = {};
    if (!paper) e.paper = PROGRAMME_MESSAGES.paper;
    if (!room) e.room = PROGRAMME_MESSAGES.room;
    setErrors(e);
    if (Object.keys(e).length) return;
    update.mutate(
      { id: session._id, body: { paper: Number(paper), room: Number(room) } },
      {
        onSuccess: () => notify(PROGRAMME_UI_MESSAGES.sessionSaved),
        onError: (err) => notify(saveError(err), 'error'),
      },
    );
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
        <option value="">Choose a paper</option>
        {choices.map((p) => (
          <option key={p._id} value={String(p._id)}>
            {p._id}: {p.title}
          </option>
        ))}
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
        <option value="">Choose a room</option>
        {rooms.map((r) => (
          <option key={r._id} value={String(r._id)}>
            {roomLabel(r)}
          </option>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button disabled={update.isPending} onClick={save}>
          Save session
        </Button>
        <Button variant="outlined" component={Link} to={paths.viewPosterSessions}>
          Back to the list
        </Button>
      </Stack>
    </Paper>
  );
}
