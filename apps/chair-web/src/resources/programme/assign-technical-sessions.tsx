import {
  Alert,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  PROGRAMME_MESSAGES,
  sessionName,
  type RoomDto,
  type SchedulablePaperDto,
  type TechnicalSessionDto,
} from '@symposium/domain';
import { ApiError, routeId, StepsBar, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ClashSummary, SummaryClashes } from './clash-list';
import { PaperPicker } from './paper-picker';
import { PROGRAMME_UI_MESSAGES, saveError } from './programme-labels';
import {
  checkTechnicalDraft,
  describeDraft,
  TechnicalSessionEditor,
  type DraftErrors,
  type TechnicalDraft,
} from './technical-session-editor';
import { useCreateSession, useUpdateSession } from './api/mutations';
import {
  useRooms,
  useSchedulablePapers,
  useSession,
  useSessions,
  type TechnicalSessionInput,
} from './api/queries';

const STEPS = ['Pick papers', 'Build sessions', 'Confirm'];

/** What creating one session gave: created, or the server's message. */
type Outcome = { ok: true } | { ok: false; message: string };

const toInput = (d: TechnicalDraft): TechnicalSessionInput => ({
  _id: Number(d.number),
  title: d.title.trim(),
  responsables: d.responsables.map((p) => p._id),
  room: Number(d.room),
  papers: d.papers.map((p) => p._id),
});

/** The numbers and titles the other sessions (stored, and the other drafts) already use. */
function taken(d: TechnicalDraft, drafts: TechnicalDraft[], existing: TechnicalSessionDto[]) {
  const others = drafts.filter((x) => x.key !== d.key);
  return {
    numbers: new Set([...existing.map((s) => s._id), ...others.map((x) => Number(x.number))]),
    titles: new Set([...existing.map((s) => s.title), ...others.map((x) => x.title.trim())]),
  };
}

/**
 * /AssignTechnicalSessions: pick accepted papers, build sessions of them (number, unique title, session
 * chairs, room, ordered papers), confirm, then each session is created and its result shown.
 * /AssignTechnicalSessions?session=N edits session N.
 */
export function AssignTechnicalSessions() {
  const [params] = useSearchParams();
  const session = params.get('session');
  if (session !== null) return <EditTechnicalSession id={routeId(session)} />;
  return <BuildTechnicalSessions />;
}

function BuildTechnicalSessions() {
  const notify = useNotify();
  const existing = useSessions('technical');
  const rooms = useRooms();
  const create = useCreateSession('technical');
  const [step, setStep] = useState(0);
  const [track, setTrack] = useState<number | null>(null);
  const [picked, setPicked] = useState<SchedulablePaperDto[]>([]);
  const [drafts, setDrafts] = useState<TechnicalDraft[]>([]);
  const [errors, setErrors] = useState<Record<number, DraftErrors>>({});
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [nextKey, setNextKey] = useState(1);

  const placed = new Set(drafts.flatMap((d) => d.papers.map((p) => p._id)));
  const unplaced = picked.filter((p) => !placed.has(p._id));
  const nextNumber = (list: TechnicalDraft[]) =>
    Math.max(0, ...(existing.data ?? []).map((s) => s._id), ...list.map((d) => Number(d.number) || 0)) + 1;

  const newDraft = (list: TechnicalDraft[], papers: SchedulablePaperDto[]): TechnicalDraft => {
    setNextKey((k) => k + 1);
    return { key: nextKey, number: String(nextNumber(list)), title: '', responsables: [], room: '', papers };
  };

  const toBuild = () => {
    setProblem(null);
    if (!picked.length) return setProblem(PROGRAMME_MESSAGES.papers);
    // Papers no longer picked leave their drafts; a first draft starts with every picked paper.
    const ids = new Set(picked.map((p) => p._id));
    const kept = drafts.map((d) => ({ ...d, papers: d.papers.filter((p) => ids.has(p._id)) }));
    setDrafts(kept.length ? kept : [newDraft([], picked)]);
    setStep(1);
  };

  const toConfirm = () => {
    setProblem(null);
    if (!drafts.length) return setProblem('Please add a session');
    const all: Record<number, DraftErrors> = {};
    // Sessions already created are stored ones now: only the others are checked (against them too).
    const pending = drafts.filter((d) => !outcomes[d.key]?.ok);
    for (const d of pending) {
      const t = taken(d, pending, existing.data ?? []);
      const e = checkTechnicalDraft(d, t.numbers, t.titles);
      if (Object.keys(e).length) all[d.key] = e;
    }
    setErrors(all);
    if (Object.keys(all).length) return setProblem('Please correct the sessions highlighted in red');
    setStep(2);
  };

  const createAll = async () => {
    setCreating(true);
    const next = { ...outcomes };
    for (const d of drafts) {
      if (next[d.key]?.ok) continue;
      try {
        await create.mutateAsync(toInput(d));
        next[d.key] = { ok: true };
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        next[d.key] = { ok: false, message: saveError(e) };
      }
      setOutcomes({ ...next });
    }
    setCreating(false);
    const ok = drafts.filter((d) => next[d.key]?.ok).length;
    notify(
      `${ok} of ${drafts.length} session${drafts.length === 1 ? '' : 's'} created`,
      ok === drafts.length ? 'success' : 'warning',
    );
  };

  const done = drafts.length > 0 && drafts.every((d) => outcomes[d.key]?.ok);
  const started = Object.keys(outcomes).length > 0;
  const restart = () => {
    setStep(0);
    setPicked([]);
    setDrafts([]);
    setErrors({});
    setOutcomes({});
  };

  return (
    <>
      <PageTitle
        title="Build technical sessions"
        actions={
          <>
            <ClashSummary />
            <Button variant="outlined" component={Link} to={paths.buildTechnicalSessions}>
              Session builder
            </Button>
            <Button variant="outlined" component={Link} to={paths.viewTechnicalSessions}>
              Technical sessions
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
                {unplaced.length ? (
                  <Alert severity="info" sx={{ mb: 2 }} data-testid="unplaced">
                    Not in a session yet: {unplaced.map((p) => p._id).join(', ')}
                  </Alert>
                ) : null}
                {drafts.map((d, i) =>
                  outcomes[d.key]?.ok ? (
                    <Alert key={d.key} severity="success" sx={{ mb: 2 }}>
                      {sessionName('technical', Number(d.number))}: {d.title.trim()} was created.
                    </Alert>
                  ) : (
                    <Paper key={d.key} variant="outlined" sx={{ p: 2, mb: 2 }}>
                      <Stack direction="row" justifyContent="space-between" alignItems="center">
                        <Typography variant="h6" component="h2">
                          New session {i + 1}
                        </Typography>
                        <Button
                          size="small"
                          variant="text"
                          color="error"
                          aria-label={`Remove session (new session ${i + 1})`}
                          onClick={() => setDrafts(drafts.filter((x) => x.key !== d.key))}
                        >
                          Remove session
                        </Button>
                      </Stack>
                      <TechnicalSessionEditor
                        draft={d}
                        rooms={roomList}
                        available={unplaced}
                        errors={errors[d.key] ?? {}}
                        onChange={(nd) => setDrafts(drafts.map((x) => (x.key === d.key ? nd : x)))}
                      />
                    </Paper>
                  ),
                )}
                <Button variant="outlined" onClick={() => setDrafts([...drafts, newDraft(drafts, [])])}>
                  Add another session
                </Button>
              </>
            )}
          </QueryView>
        ) : null}
        {step === 2 ? (
          <>
            <ConfirmList drafts={drafts} rooms={rooms.data ?? []} outcomes={outcomes} unplaced={unplaced} />
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
              : `Create ${drafts.length} session${drafts.length === 1 ? '' : 's'}`}
          </Button>
        ) : null}
        {done ? (
          <>
            <Button component={Link} to={paths.viewTechnicalSessions}>
              View technical sessions
            </Button>
            <Button variant="outlined" onClick={restart}>
              Build more sessions
            </Button>
          </>
        ) : null}
      </Stack>
      {creating ? <LinearProgress sx={{ mt: 2 }} /> : null}
    </>
  );
}

function ConfirmList({
  drafts,
  rooms,
  outcomes,
  unplaced,
}: {
  drafts: TechnicalDraft[];
  rooms: RoomDto[];
  outcomes: Record<number, Outcome>;
  unplaced: SchedulablePaperDto[];
}) {
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {drafts.length} technical session{drafts.length === 1 ? '' : 's'} will be created:
      </Typography>
      {unplaced.length ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          Picked but in no session (not scheduled): {unplaced.map((p) => p._id).join(', ')}
        </Alert>
      ) : null}
      <List data-testid="confirm-list">
        {drafts.map((d) => {
          const o = outcomes[d.key];
          return (
            <ListItem key={d.key} divider data-testid={`confirm-${d.number}`} alignItems="flex-start">
              <ListItemText
                primary={`${sessionName('technical', Number(d.number))}: ${d.title.trim()}`}
                secondary={
                  <>
                    {describeDraft(d, rooms)}
                    <br />
                    Papers: {d.papers.map((p, i) => `${i + 1}. ${p._id}: ${p.title}`).join('; ')}
                    {o ? (
                      <>
                        <br />
                        <Typography
                          component="span"
                          variant="body2"
                          color={o.ok ? 'success.main' : 'error'}
                          data-testid={`outcome-${d.number}`}
                        >
                          {o.ok ? 'Created' : o.message}
                        </Typography>
                      </>
                    ) : null}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}

function EditTechnicalSession({ id }: { id: number }) {
  const session = useSession('technical', Number.isNaN(id) ? null : id);
  const rooms = useRooms();
  const papers = useSchedulablePapers(null);
  const existing = useSessions('technical');
  if (Number.isNaN(id))
    return (
      <>
        <PageTitle title="Edit technical session" />
        <Alert severity="error">{PROGRAMME_MESSAGES.sessionNotFound}</Alert>
      </>
    );
  return (
    <>
      <PageTitle
        title={`Edit ${sessionName('technical', id)}`}
        actions={
          <>
            <ClashSummary />
            <Button variant="outlined" component={Link} to={paths.assignSessionLink('technical', id)}>
              Session link
            </Button>
          </>
        }
      />
      <QueryView query={session}>
        {(s) => (
          <QueryView query={rooms}>
            {(roomList) => (
              <EditForm
                key={s._id}
                session={s}
                rooms={roomList}
                papers={papers.data ?? []}
                existing={existing.data ?? []}
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}

function EditForm({
  session,
  rooms,
  papers,
  existing,
}: {
  session: TechnicalSessionDto;
  rooms: RoomDto[];
  papers: SchedulablePaperDto[];
  existing: TechnicalSessionDto[];
}) {
  const notify = useNotify();
  const update = useUpdateSession('technical');
  const [draft, setDraft] = useState<TechnicalDraft>({
    key: session._id,
    number: String(session._id),
    title: session.title,
    responsables: session.responsables,
    room: session.room ? String(session.room._id) : '',
    papers: session.papers,
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const inDraft = new Set(draft.papers.map((p) => p._id));
  const available = papers.filter(
    (p) =>
      !inDraft.has(p._id) &&
      (!p.session || (p.session.kind === 'technical' && p.session._id === session._id)),
  );
  const save = () => {
    const others = existing.filter((s) => s._id !== session._id);
    const e = checkTechnicalDraft(draft, new Set(), new Set(others.map((s) => s.title)));
    setErrors(e);
    if (Object.keys(e).length) return;
    const { title, responsables, room, papers: ids } = toInput(draft);
    update.mutate(
      { id: session._id, body: { title, responsables, room, papers: ids } },
      {
        onSuccess: () => notify(PROGRAMME_UI_MESSAGES.sessionSaved),
        onError: (err) => notify(saveError(err), 'error'),
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Session details
      </Typography>
      <TechnicalSessionEditor
        draft={draft}
        onChange={setDraft}
        available={available}
        rooms={rooms}
        errors={errors}
        numberFixed
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button disabled={update.isPending} onClick={save}>
          Save session
        </Button>
        <Button variant="outlined" component={Link} to={paths.viewTechnicalSessions}>
          Back to the list
        </Button>
      </Stack>
    </Paper>
  );
}
