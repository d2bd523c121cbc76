import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
  type DayDto,
  type RoomDto,
  type ScheduledPaperRef,
  type TechnicalSessionDto,
  type TrackDto,
} from '@symposium/domain';
import { ConfirmDialog, StepsBar, useNotify } from '@symposium/ui';
import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import {
  checkDrafts,
  draftsOf,
  mergeDraft,
  moveOutcome,
  movePaper,
  refusedNumber,
  sharedSlots,
  toApplySessions,
  type BuilderDraft,
} from './builder-drafts';
import { BuilderFigures } from './builder-figures';
import { BuilderSessionCard, type BuilderEventOption } from './builder-session-card';
import {
  BuilderSetup,
  checkSetup,
  initialSetup,
  type BuilderSetupErrors,
  type BuilderSetupValues,
} from './builder-setup';
import { ClashSummary } from './clash-list';
import { nativeSelect, peopleNames, roomLabel, saveError, serverMessage } from './programme-labels';
import type { DraftErrors } from './technical-session-editor';
import { useApplyBuilderProposal } from './api/mutations';
import { useDays, useRooms, useSchedulablePapers, useSessions } from './api/queries';
import { useTracks } from '../tracks/api/queries';
import { useBuilderProposal, type BuilderProposal, type BuilderRun } from './api/session-builder';

const STEPS = ['Set up', 'Proposal', 'Apply'];
const NO_ERRORS: Record<number, DraftErrors> = {};
const NONE: DraftErrors = {};

/** The technical-session events of the programme, labelled with their date and time. */
function technicalEvents(days: DayDto[] | undefined): BuilderEventOption[] {
  return (days ?? []).flatMap((d) =>
    d.events
      .filter((e) => e.type === 'TechnicalSession')
      .map((e) => ({
        id: e._id,
        label: `${d.date} ${e.start}–${e.end}${e.description ? ` · ${e.description}` : ''}`,
      })),
  );
}

/**
 * /BuildTechnicalSessions, the session builder: choose a track, a session size, technical-session events and
 * rooms; the API proposes sessions grouped by topic and placed without person clashes (streamed with its
 * progress, cancellable); the chair edits the proposal (numbers, titles, session chairs, papers, slots) and
 * applies it, every session created in one transaction or none.
 */
export function SessionBuilder() {
  const notify = useNotify();
  const tracks = useTracks();
  const days = useDays();
  const rooms = useRooms();
  const existing = useSessions('technical');
  const builder = useBuilderProposal();
  const apply = useApplyBuilderProposal();

  const [step, setStep] = useState(0);
  const [setup, setSetup] = useState<BuilderSetupValues>(initialSetup);
  const [setupErrors, setSetupErrors] = useState<BuilderSetupErrors>({});
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [moving, setMoving] = useState<{ paper: number; from: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [applied, setApplied] = useState<{ message: string; created: number[] } | null>(null);

  const setupTrack = setup.track ? Number(setup.track) : null;
  const setupPapers = useSchedulablePapers(setupTrack, setupTrack !== null);
  const eventOptions = useMemo(() => technicalEvents(days.data), [days.data]);
  const eventLabel = new Map(eventOptions.map((e) => [e.id, e.label]));
  const roomList = rooms.data ?? [];
  const minPapers = proposal?.minPapersPerSession ?? 1;
  const edit = useProposalDrafts(proposal, existing.data, minPapers);
  const { drafts, setDrafts, setChecking, papers, unassigned } = edit;
  const askMove = useCallback((paper: number, from: number) => setMoving({ paper, from }), []);

  const propose = async () => {
    const checked = checkSetup(setup);
    setSetupErrors(checked.errors ?? {});
    if (!checked.request) return;
    const result = await builder.start(checked.request);
    if (!result) return;
    setProposal({ ...result, track: checked.request.track });
    setDrafts(draftsOf(result));
    setChecking(false);
    setRefusal(null);
    setApplied(null);
    setStep(1);
  };

  const toApply = () => {
    setChecking(true);
    if (!drafts.length || Object.keys(checkDrafts(drafts, existing.data ?? [], papers, minPapers)).length)
      return;
    setConfirming(true);
    setStep(2);
  };

  const confirmApply = () => {
    setRefusal(null);
    apply.mutate(
      { sessions: toApplySessions(drafts), minPapersPerSession: minPapers },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setApplied(answer);
          notify(answer.message);
        },
        onError: (e) => {
          const message = saveError(e);
          setConfirming(false);
          setRefusal(message);
          setStep(1);
          notify(message, 'error');
        },
      },
    );
  };

  const restart = () => {
    builder.reset();
    setProposal(null);
    setDrafts([]);
    setChecking(false);
    setRefusal(null);
    setApplied(null);
    setStep(0);
  };

  return (
    <>
      <BuilderTitle />
      <StepsBar steps={STEPS} active={applied ? STEPS.length : step} />

      {step === 0 ? (
        <SetupPanel
          setup={setup}
          onSetup={setSetup}
          errors={setupErrors}
          tracks={tracks.data ?? []}
          events={eventOptions}
          rooms={roomList}
          schedulable={setupPapers.data?.filter((p) => !p.session).length}
          run={builder.run}
          onPropose={() => void propose()}
          onCancel={builder.cancel}
          onBackToProposal={proposal ? () => setStep(1) : undefined}
        />
      ) : null}

      {step >= 1 && proposal && !applied ? (
        <ProposalPanel
          proposal={proposal}
          edit={edit}
          onAskMove={askMove}
          events={eventOptions}
          rooms={roomList}
          refusal={refusal}
          busy={apply.isPending}
          onBack={() => setStep(0)}
          onApply={toApply}
        />
      ) : null}

      {applied ? <AppliedPanel applied={applied} onRestart={restart} /> : null}

      <MovePaperDialog
        moving={moving}
        drafts={drafts}
        papers={papers}
        minPapers={minPapers}
        onMove={(paper, to) => {
          edit.movePaperTo(paper, to);
          setMoving(null);
        }}
        onMerge={(from, to) => {
          setDrafts((list) => mergeDraft(list, from, to));
          setMoving(null);
        }}
        onClose={() => setMoving(null)}
      />
      <ConfirmApplyDialog
        open={confirming}
        drafts={drafts}
        rooms={roomList}
        eventLabel={eventLabel}
        unassigned={unassigned}
        busy={apply.isPending}
        onConfirm={confirmApply}
        onCancel={() => {
          setConfirming(false);
          setStep(1);
        }}
      />
    </>
  );
}

type Proposal = BuilderProposal & { track: number };

/** The page's title, what the builder does, the clash summary and the way to build by hand. */
function BuilderTitle() {
  return (
    <PageTitle
      title="Session builder"
      subtitle="Proposes technical sessions for a track's accepted papers, grouped by topic and placed in the events and rooms you choose without person clashes; edit the proposal, then apply it."
      actions={
        <>
          <ClashSummary />
          <Button variant="outlined" component={Link} to={paths.assignTechnicalSessions()}>
            Build by hand
          </Button>
        </>
      }
    />
  );
}

/**
 * The proposal's sessions as the chair edits them: the drafts, the track's papers (by id) and those in no
 * draft, and once `checking` (the chair tried to apply) each draft's errors as it is edited. The callbacks
 * are stable, so the memoised cards redraw only when their own draft changes.
 */
function useProposalDrafts(
  proposal: Proposal | null,
  existing: TechnicalSessionDto[] | undefined,
  minPapers: number,
) {
  const [drafts, setDrafts] = useState<BuilderDraft[]>([]);
  /** Once the chair tried to apply, each draft is checked again as it is edited. */
  const [checking, setChecking] = useState(false);
  const trackPapers = useSchedulablePapers(proposal?.track ?? null, proposal !== null);
  const papers = useMemo(
    () => new Map<number, ScheduledPaperRef>((trackPapers.data ?? []).map((p) => [p._id, p])),
    [trackPapers.data],
  );
  // The same array while the papers of the drafts are the same (the cards are memoised).
  const placedKey = drafts.map((d) => d.papers.join(',')).join('|');
  const unassigned = useMemo(() => {
    const inDrafts = new Set(placedKey.split(/[|,]/).filter(Boolean).map(Number));
    return (trackPapers.data ?? []).filter((p) => !p.session && !inDrafts.has(p._id));
  }, [placedKey, trackPapers.data]);
  const errors = useMemo(
    () => (checking ? checkDrafts(drafts, existing ?? [], papers, minPapers) : NO_ERRORS),
    [checking, drafts, existing, papers, minPapers],
  );
  const changeDraft = useCallback(
    (key: number, patch: Partial<BuilderDraft>) =>
      setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d))),
    [],
  );
  const movePaperTo = useCallback(
    (paper: number, to: number | null) => setDrafts((list) => movePaper(list, paper, to)),
    [],
  );
  const removeDraft = useCallback(
    (key: number) => setDrafts((list) => list.filter((d) => d.key !== key)),
    [],
  );
  return {
    drafts,
    setDrafts,
    checking,
    setChecking,
    papers,
    unassigned,
    errors,
    changeDraft,
    movePaperTo,
    removeDraft,
  };
}

/** Steps "Proposal" and "Apply": the figures, the refusal of the last apply, the cards and the buttons. */
function ProposalPanel({
  proposal,
  edit,
  onAskMove,
  events,
  rooms,
  refusal,
  busy,
  onBack,
  onApply,
}: {
  proposal: Proposal;
  edit: ReturnType<typeof useProposalDrafts>;
  onAskMove: (paper: number, from: number) => void;
  events: BuilderEventOption[];
  rooms: RoomDto[];
  refusal: string | null;
  busy: boolean;
  onBack: () => void;
  onApply: () => void;
}) {
  const { drafts, checking, papers, unassigned, errors, changeDraft, movePaperTo, removeDraft } = edit;
  const shared = sharedSlots(drafts);
  const hasErrors = Object.keys(errors).length > 0;
  const refusedAt = refusal === null ? null : refusedNumber(refusal);
  return (
    <>
      <BuilderFigures proposal={proposal} />
      {refusal ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="builder-apply-error">
          {refusal}
          <br />
          Nothing was created; your edits are kept.
        </Alert>
      ) : null}
      {drafts.map((d) => (
        <BuilderSessionCard
          key={d.key}
          draft={d}
          onChange={changeDraft}
          onMovePaper={movePaperTo}
          onAskMove={onAskMove}
          onRemove={removeDraft}
          unassigned={unassigned}
          papers={papers}
          events={events}
          rooms={rooms}
          errors={errors[d.key] ?? NONE}
          refusal={refusedAt !== null && Number(d.number) === refusedAt ? (refusal ?? undefined) : undefined}
          sharesSlotWith={shared.get(d.key)}
        />
      ))}
      {unassigned.length ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="builder-unassigned">
          In no session (not scheduled): {unassigned.map((p) => `${p._id}: ${p.title}`).join('; ')}
        </Alert>
      ) : null}
      {checking && (hasErrors || !drafts.length) ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {drafts.length
            ? 'Please correct the sessions highlighted in red'
            : 'Please keep at least one session'}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button disabled={busy || drafts.length === 0} onClick={onApply}>
          {`Apply: create ${drafts.length} session${drafts.length === 1 ? '' : 's'}`}
        </Button>
      </Stack>
    </>
  );
}

/**
 * Step "Set up": the form, and what the last run gave when it proposed nothing (cancelled, failed); with a
 * proposal already made, the way back to it.
 */
function SetupPanel({
  setup,
  onSetup,
  errors,
  tracks,
  events,
  rooms,
  schedulable,
  run,
  onPropose,
  onCancel,
  onBackToProposal,
}: {
  setup: BuilderSetupValues;
  onSetup: Dispatch<SetStateAction<BuilderSetupValues>>;
  errors: BuilderSetupErrors;
  tracks: TrackDto[];
  events: BuilderEventOption[];
  rooms: RoomDto[];
  schedulable: number | undefined;
  run: BuilderRun;
  onPropose: () => void;
  onCancel: () => void;
  /** Given once there is a proposal to go back to. */
  onBackToProposal?: () => void;
}) {
  const running = run.state === 'running';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <BuilderSetup
        values={setup}
        onChange={onSetup}
        errors={errors}
        tracks={tracks}
        events={events}
        rooms={rooms}
        schedulable={schedulable}
        running={running}
        progress={run.state === 'running' ? run.progress : null}
        onPropose={onPropose}
        onCancel={onCancel}
      />
      {run.state === 'cancelled' ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="builder-cancelled">
          The session builder was cancelled: nothing was proposed.
        </Alert>
      ) : null}
      {run.state === 'failed' ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="builder-failed">
          {serverMessage(run.error, PROGRAMME_MESSAGES.saveFailed)}
        </Alert>
      ) : null}
      {onBackToProposal && !running ? (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2 }}>
          <Button variant="outlined" onClick={onBackToProposal}>
            Back to the proposal
          </Button>
          <Typography variant="body2" color="text.secondary">
            Proposing again replaces the current proposal and your edits.
          </Typography>
        </Stack>
      ) : null}
    </Paper>
  );
}

/** Once applied: the sessions created, the list, and a way to build more. */
function AppliedPanel({
  applied,
  onRestart,
}: {
  applied: { message: string; created: number[] };
  onRestart: () => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Alert severity="success" sx={{ mb: 2 }} data-testid="builder-applied">
        {applied.message}: {applied.created.map((n) => sessionName('technical', n)).join(', ')}.
      </Alert>
      <Stack direction="row" spacing={1}>
        <Button component={Link} to={paths.viewTechnicalSessions}>
          View technical sessions
        </Button>
        <Button variant="outlined" onClick={onRestart}>
          Build more sessions
        </Button>
      </Stack>
    </Paper>
  );
}

/** Asks before applying: every session to create, its slot, room, session chairs and papers. */
function ConfirmApplyDialog({
  open,
  drafts,
  rooms,
  eventLabel,
  unassigned,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  drafts: BuilderDraft[];
  rooms: RoomDto[];
  eventLabel: Map<number, string>;
  unassigned: ScheduledPaperRef[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={`Create ${drafts.length} technical session${drafts.length === 1 ? '' : 's'}?`}
      confirmLabel="Create sessions"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        All of them are created at once, or none if one is refused.
      </Typography>
      <List dense data-testid="builder-confirm-list">
        {drafts.map((d) => {
          const room = rooms.find((r) => String(r._id) === d.room);
          const slot = d.event ? (eventLabel.get(Number(d.event)) ?? `Event ${d.event}`) : 'Not placed';
          return (
            <ListItem key={d.key} divider data-testid={`builder-confirm-${d.number}`}>
              <ListItemText
                primary={`${sessionName('technical', Number(d.number))}: ${d.title.trim()}`}
                secondary={[
                  `${slot}, ${room ? roomLabel(room) : '—'}`,
                  `Session chairs: ${peopleNames(d.responsables)}`,
                  `Papers: ${d.papers.join(', ')}`,
                ].join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
      {unassigned.length ? (
        <Typography variant="body2" color="text.secondary">
          {unassigned.length} paper{unassigned.length === 1 ? ' stays' : 's stay'} in no session.
        </Typography>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * Where to move a paper: one of the other proposed sessions. A session is never left empty or under the
 * minimum: when moving the paper would do that, the dialog says so and merges instead — every paper of the
 * session moves to the chosen one, and the emptied session is removed from the proposal.
 */
function MovePaperDialog({
  moving,
  drafts,
  papers,
  minPapers,
  onMove,
  onMerge,
  onClose,
}: {
  moving: { paper: number; from: number } | null;
  drafts: BuilderDraft[];
  papers: Map<number, ScheduledPaperRef>;
  minPapers: number;
  onMove: (paper: number, to: number) => void;
  onMerge: (from: number, to: number) => void;
  onClose: () => void;
}) {
  const [target, setTarget] = useState('');
  const targets = moving ? drafts.filter((d) => d.key !== moving.from) : [];
  const outcome = moving ? moveOutcome(drafts, moving.from, minPapers) : null;
  const close = () => {
    setTarget('');
    onClose();
  };
  return (
    <Dialog open={moving !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="move-title">
      <DialogTitle id="move-title">Move a paper to another session</DialogTitle>
      <DialogContent>
        {moving ? (
          <Typography sx={{ mb: 2 }}>
            {moving.paper}: {papers.get(moving.paper)?.title ?? `Paper ${moving.paper}`}
          </Typography>
        ) : null}
        {moving && outcome?.kind === 'merge' ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="builder-move-merge">
            {outcome.papers.length === 1
              ? `Proposed session ${moving.from} has no other paper: it is removed from the proposal.`
              : `Proposed session ${moving.from} would keep ${outcome.papers.length - 1} paper${outcome.papers.length === 2 ? '' : 's'}, fewer than the minimum of ${minPapers}: all its papers (${outcome.papers.join(', ')}) move to the chosen session, and Proposed session ${moving.from} is removed from the proposal.`}
          </Alert>
        ) : null}
        {targets.length ? (
          <TextField
            select
            label="Session"
            id="builder-move-target"
            name="moveTarget"
            value={target}
            fullWidth
            slotProps={nativeSelect}
            onChange={(e) => setTarget(e.target.value)}
          >
            <option value="">Choose a session</option>
            {targets.map((d) => (
              <option key={d.key} value={String(d.key)}>
                {d.number || '?'}: {d.title.trim() || `Proposed session ${d.key}`}
              </option>
            ))}
          </TextField>
        ) : (
          <Typography color="text.secondary">There is no other proposed session to move it to.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={close}>
          Cancel
        </Button>
        <Button
          disabled={!target || !moving}
          onClick={() => {
            if (moving && target) {
              if (outcome?.kind === 'merge') onMerge(moving.from, Number(target));
              else onMove(moving.paper, Number(target));
            }
            setTarget('');
          }}
        >
          {outcome?.kind === 'merge' && outcome.papers.length > 1 ? 'Merge sessions' : 'Move paper'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
