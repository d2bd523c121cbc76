import {
  Alert,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  PROGRAMME_MESSAGES,
  sessionName,
  type RoomDto,
  type SchedulablePaperDto,
  type TrackDto,
  type TutorialDto,
} from '@symposium/domain';
import { ApiError, errorMessage, Loading, routeId, useNotify } from '@symposium/ui';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ClashSummary, SummaryClashes } from './clash-list';
import {
  nativeSelect,
  parseWholeNumber,
  peopleNames,
  personName,
  PROGRAMME_UI_MESSAGES,
  saveError,
} from './programme-labels';
import { choicesFor, SaveButtons, SessionQueries, useSaveSession } from './session-edit';
import { PaperOptions, RoomOptions } from './session-fields';
import { DoneButtons, WizardButtons, WizardFrame } from './wizard-frame';
import { useChooseTutorialTrack, useCreateSession } from './api/mutations';
import { useTracks } from '../tracks/api/queries';
import { useRooms, useSchedulablePapers, useSessions, useTutorialTrack } from './api/queries';

const STEPS = ['Tutorial page', 'Select', 'Summary'];

interface TutorialDraft {
  paper: string;
  presenter: string;
  number: string;
  room: string;
}
type DraftErrors = Partial<Record<keyof TutorialDraft, string>>;

/**
 * The tutorials track the chair chose (a select of the tracks, saved at once): the wizard works on its
 * accepted papers. While none is chosen (404), the message says what to do and the wizard waits.
 */
function TutorialTrackGate({ children }: { children: (track: TrackDto) => ReactNode }) {
  const track = useTutorialTrack();
  const none = track.isError && track.error instanceof ApiError && track.error.statusCode === 404;
  if (track.isPending) return <Loading />;
  return (
    <>
      <TutorialTrackChoice current={track.data ?? null} />
      {track.isError ? (
        <Alert severity="warning" data-testid="no-tutorial-track">
          {none ? PROGRAMME_MESSAGES.noTutorialTrack : errorMessage(track.error)}
        </Alert>
      ) : (
        children(track.data)
      )}
    </>
  );
}

/** The select of the tutorials track. */
function TutorialTrackChoice({ current }: { current: TrackDto | null }) {
  const notify = useNotify();
  const tracks = useTracks();
  const choose = useChooseTutorialTrack();
  return (
    <TextField
      select
      label="Tutorials track"
      id="tutorial-track-select"
      name="tutorialTrack"
      value={current ? String(current._id) : ''}
      disabled={choose.isPending || !tracks.data}
      helperText="The accepted papers of this track are the tutorials"
      sx={{ maxWidth: { md: 480 }, mb: 2 }}
      slotProps={nativeSelect}
      onChange={(e) => {
        if (!e.target.value) return;
        choose.mutate(Number(e.target.value), {
          onSuccess: (r) => notify(r.message),
          onError: (err) => notify(saveError(err), 'error'),
        });
      }}
    >
      <option value="">Choose the tutorials track</option>
      {(tracks.data ?? []).map((t) => (
        <option key={t._id} value={String(t._id)}>
          {t.name}
        </option>
      ))}
    </TextField>
  );
}

/**
 * /AssignTutorials: the tutorials track (chosen here), its page (its accepted papers), select a paper, its
 * presenter among the paper's authors, the number and room, then a summary and create.
 * /AssignTutorials?session=N edits tutorial N.
 */
export function AssignTutorials() {
  const [params] = useSearchParams();
  const session = params.get('session');
  return (
    <>
      <PageTitle
        title={session === null ? 'Add tutorials' : `Edit ${sessionName('tutorial', Number(session))}`}
        actions={
          <>
            <ClashSummary />
            <Button variant="outlined" component={Link} to={paths.viewTutorials}>
              Tutorials
            </Button>
          </>
        }
      />
      <TutorialTrackGate>
        {(track) =>
          session === null ? (
            <TutorialWizard track={track} />
          ) : (
            <EditTutorial id={routeId(session)} track={track} />
          )
        }
      </TutorialTrackGate>
    </>
  );
}

function checkDraft(d: TutorialDraft, taken: Set<number>): DraftErrors {
  const e: DraftErrors = {};
  if (!d.paper) e.paper = PROGRAMME_MESSAGES.paper;
  if (!d.presenter) e.presenter = PROGRAMME_MESSAGES.presenter;
  const n = parseWholeNumber(d.number);
  if (n === null) e.number = PROGRAMME_MESSAGES.sessionNumber;
  else if (taken.has(n)) e.number = PROGRAMME_MESSAGES.sessionNumberTaken;
  if (!d.room) e.room = PROGRAMME_MESSAGES.room;
  return e;
}

function TutorialWizard({ track }: { track: TrackDto }) {
  const notify = useNotify();
  const papers = useSchedulablePapers(track._id);
  const rooms = useRooms();
  const existing = useSessions('tutorial');
  const create = useCreateSession('tutorial');
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<TutorialDraft>({ paper: '', presenter: '', number: '', room: '' });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [created, setCreated] = useState<TutorialDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const free = (papers.data ?? []).filter((p) => !p.session);
  const paper = free.find((p) => String(p._id) === draft.paper);
  const taken = new Set((existing.data ?? []).map((s) => s._id));
  const nextNumber = String(Math.max(0, ...taken) + 1);

  const toSelect = () => {
    setDraft((d) => ({ ...d, number: d.number || nextNumber }));
    setStep(1);
  };
  const toSummary = () => {
    const e = checkDraft(draft, taken);
    setErrors(e);
    if (!Object.keys(e).length) setStep(2);
  };
  const submit = () => {
    setFailure(null);
    create.mutate(
      {
        _id: Number(draft.number),
        paper: Number(draft.paper),
        presenter: Number(draft.presenter),
        room: Number(draft.room),
      },
      {
        onSuccess: (t) => {
          setCreated(t);
          notify(PROGRAMME_UI_MESSAGES.tutorialSaved);
        },
        onError: (err) => {
          const message = saveError(err);
          setFailure(message);
          notify(message, 'error');
        },
      },
    );
  };
  const again = () => {
    setCreated(null);
    setDraft({ paper: '', presenter: '', number: '', room: '' });
    setStep(0);
  };

  return (
    <WizardFrame
      steps={STEPS}
      active={step}
      buttons={
        <WizardButtons
          onBack={step > 0 && !created ? () => setStep(step - 1) : undefined}
          backDisabled={create.isPending}
          onNext={step === 0 ? toSelect : step === 1 ? toSummary : undefined}
          nextDisabled={step === 0 && !papers.data}
        >
          {step === 2 && !created ? (
            <Button disabled={create.isPending} onClick={submit}>
              Create tutorial
            </Button>
          ) : null}
          {created ? (
            <DoneButtons
              to={paths.viewTutorials}
              view="View tutorials"
              again="Add another tutorial"
              onAgain={again}
            />
          ) : null}
        </WizardButtons>
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        {step === 0 ? (
          <QueryView query={papers}>{(list) => <TrackPage track={track} papers={list} />}</QueryView>
        ) : null}
        {step === 1 ? (
          <QueryView query={rooms}>
            {(roomList) => (
              <TutorialFields
                draft={draft}
                onChange={setDraft}
                errors={errors}
                papers={free}
                rooms={roomList}
              />
            )}
          </QueryView>
        ) : null}
        {step === 2 ? (
          <Summary draft={draft} paper={paper} rooms={rooms.data ?? []} created={created} failure={failure} />
        ) : null}
      </Paper>
    </WizardFrame>
  );
}

/** Step "Summary": the tutorial to create, then whether it was created. */
function Summary({
  draft,
  paper,
  rooms,
  created,
  failure,
}: {
  draft: TutorialDraft;
  paper: SchedulablePaperDto | undefined;
  rooms: RoomDto[];
  created: TutorialDto | null;
  failure: string | null;
}) {
  const roomName = rooms.find((r) => String(r._id) === draft.room)?.name ?? '—';
  const presenter = paper?.authors.find((a) => String(a._id) === draft.presenter);
  return (
    <>
      <Typography sx={{ mb: 1 }}>{created ? 'Created:' : 'This tutorial will be created:'}</Typography>
      <List dense data-testid="tutorial-summary">
        <ListItem>
          <ListItemText primary="Tutorial" secondary={sessionName('tutorial', Number(draft.number))} />
        </ListItem>
        <ListItem>
          <ListItemText primary="Paper" secondary={paper ? `${paper._id}: ${paper.title}` : '—'} />
        </ListItem>
        <ListItem>
          <ListItemText primary="Presenter" secondary={presenter ? personName(presenter) : '—'} />
        </ListItem>
        <ListItem>
          <ListItemText primary="Room" secondary={roomName} />
        </ListItem>
      </List>
      {created ? (
        <Alert severity="success" data-testid="tutorial-created">
          {sessionName('tutorial', created._id)} was created.
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" data-testid="tutorial-failed">
          {failure}
        </Alert>
      ) : null}
      <SummaryClashes />
    </>
  );
}

/** Step "Tutorial page": the tutorial track and its accepted papers. */
function TrackPage({ track, papers }: { track: TrackDto; papers: SchedulablePaperDto[] }) {
  return (
    <>
      <Typography variant="h6" component="h2" data-testid="tutorial-track">
        {track.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {papers.length} accepted paper{papers.length === 1 ? '' : 's'} in this track.
      </Typography>
      <List dense data-testid="tutorial-papers">
        {papers.map((p) => (
          <ListItem key={p._id} data-testid={`paper-${p._id}`}>
            <ListItemText
              primary={`${p._id}: ${p.title}`}
              secondary={`${peopleNames(p.authors)}${p.session ? ` — in ${sessionName(p.session.kind, p.session._id)}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** Paper (of the tutorial track, not yet scheduled), presenter (one of its authors), number, room. */
function TutorialFields({
  draft,
  onChange,
  errors,
  papers,
  rooms,
  numberFixed,
}: {
  draft: TutorialDraft;
  onChange: (d: TutorialDraft) => void;
  errors: DraftErrors;
  papers: TutorialFieldsPaper[];
  rooms: RoomDto[];
  numberFixed?: boolean;
}) {
  const paper = papers.find((p) => String(p._id) === draft.paper);
  return (
    <Stack sx={{ maxWidth: 720 }}>
      <TextField
        select
        label="Paper"
        name="paper"
        value={draft.paper}
        error={Boolean(errors.paper)}
        helperText={
          errors.paper ?? (papers.length === 0 ? 'Every paper of the track is scheduled' : undefined)
        }
        slotProps={nativeSelect}
        onChange={(e) => {
          const next = papers.find((p) => String(p._id) === e.target.value);
          // The presenter defaults to the paper's primary author (else its first author).
          const first = next?.primaryAuthor ?? next?.authors[0]?._id;
          onChange({ ...draft, paper: e.target.value, presenter: first ? String(first) : '' });
        }}
      >
        <PaperOptions papers={papers} />
      </TextField>
      <TextField
        select
        label="Presenter"
        name="presenter"
        value={draft.presenter}
        disabled={!paper}
        error={Boolean(errors.presenter)}
        helperText={errors.presenter ?? 'One of the paper’s authors'}
        slotProps={nativeSelect}
        onChange={(e) => onChange({ ...draft, presenter: e.target.value })}
      >
        <option value="">Choose the presenter</option>
        {(paper?.authors ?? []).map((a) => (
          <option key={a._id} value={String(a._id)}>
            {personName(a)} ({a.email})
          </option>
        ))}
      </TextField>
      <TextField
        label="Tutorial number"
        name="number"
        value={draft.number}
        disabled={numberFixed}
        error={Boolean(errors.number)}
        helperText={errors.number}
        onChange={(e) => onChange({ ...draft, number: e.target.value })}
      />
      <TextField
        select
        label="Room"
        name="room"
        value={draft.room}
        error={Boolean(errors.room)}
        helperText={errors.room}
        slotProps={nativeSelect}
        onChange={(e) => onChange({ ...draft, room: e.target.value })}
      >
        <RoomOptions rooms={rooms} />
      </TextField>
    </Stack>
  );
}

function EditTutorial({ id, track }: { id: number; track: TrackDto }) {
  const papers = useSchedulablePapers(track._id);
  return (
    <SessionQueries
      kind="tutorial"
      id={id}
      notFound={<Alert severity="error">{PROGRAMME_MESSAGES.tutorialNotFound}</Alert>}
    >
      {(s, rooms) => <TutorialEditForm key={s._id} tutorial={s} rooms={rooms} papers={papers.data ?? []} />}
    </SessionQueries>
  );
}

function TutorialEditForm({
  tutorial,
  rooms,
  papers,
}: {
  tutorial: TutorialDto;
  rooms: RoomDto[];
  papers: SchedulablePaperDto[];
}) {
  const { save, saving } = useSaveSession('tutorial', PROGRAMME_UI_MESSAGES.tutorialSaved);
  const [draft, setDraft] = useState<TutorialDraft>({
    paper: tutorial.paper ? String(tutorial.paper._id) : '',
    presenter: tutorial.presenter ? String(tutorial.presenter._id) : '',
    number: String(tutorial._id),
    room: tutorial.room ? String(tutorial.room._id) : '',
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const choices: TutorialFieldsPaper[] = choicesFor(papers, 'tutorial', tutorial._id);
  if (tutorial.paper && !choices.some((p) => p._id === tutorial.paper!._id)) choices.unshift(tutorial.paper);
  const onSave = () => {
    const e = checkDraft(draft, new Set());
    setErrors(e);
    if (Object.keys(e).length) return;
    save(tutorial._id, {
      paper: Number(draft.paper),
      presenter: Number(draft.presenter),
      room: Number(draft.room),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <TutorialFields
        draft={draft}
        onChange={setDraft}
        errors={errors}
        papers={choices}
        rooms={rooms}
        numberFixed
      />
      <SaveButtons
        label="Save tutorial"
        saving={saving}
        onSave={onSave}
        to={paths.assignSessionLink('tutorial', tutorial._id)}
        link="Session link"
      />
    </Paper>
  );
}

type TutorialFieldsPaper = Pick<SchedulablePaperDto, '_id' | 'title' | 'authors' | 'primaryAuthor'>;
