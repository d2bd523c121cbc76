import { Alert, Button, Paper } from '@mui/material';
import { PROGRAMME_MESSAGES, type RoomDto, type SchedulablePaperDto } from '@symposium/domain';
import { ApiError, useNotify } from '@symposium/ui';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ClashSummary, SummaryClashes } from './clash-list';
import { PaperPicker } from './paper-picker';
import { countOf, saveError } from './programme-labels';
import { DoneButtons, WizardButtons, WizardFrame } from './wizard-frame';
import { useCreateSession } from './api/mutations';
import { useRooms, useSessions, type SessionDtoOf, type SessionInputOf } from './api/queries';

const STEPS = ['Pick papers', 'Build sessions', 'Confirm'];

/** What creating one session gave: created, or the server's message. */
export type Outcome = { ok: true } | { ok: false; message: string };

/** The kinds built many at a time from picked papers. */
type BatchKind = 'technical' | 'poster';

/** What the kind's own steps ("Build sessions", "Confirm") are given. */
export interface BatchStepProps<K extends BatchKind, D, E> {
  drafts: D[];
  setDrafts: (drafts: D[]) => void;
  picked: SchedulablePaperDto[];
  errors: Record<number, E>;
  outcomes: Record<number, Outcome>;
  rooms: RoomDto[];
  existing: SessionDtoOf[K][];
  /** A key no draft of this wizard had (1, 2, …). */
  newKey: () => number;
}

/** How one kind of session is built by the wizard. */
export interface BatchWizardKind<K extends BatchKind, D, E> {
  kind: K;
  title: string;
  /** The page's links after the clash summary. */
  links: ReactNode;
  /** What the counts name ('session', 'poster session'). */
  noun: string;
  /** The list of the kind: its path and the button's label. */
  list: { to: string; label: string };
  keyOf: (d: D) => number;
  /** The drafts when "Build sessions" opens with these papers picked. */
  draftsFor: (picked: SchedulablePaperDto[], drafts: D[], step: BatchStepProps<K, D, E>) => D[];
  /** The draft's errors against the stored sessions and the other drafts still to create. */
  check: (d: D, others: D[], existing: SessionDtoOf[K][]) => E;
  toInput: (d: D) => SessionInputOf[K];
  Build: (props: BatchStepProps<K, D, E>) => ReactNode;
  Confirm: (props: BatchStepProps<K, D, E>) => ReactNode;
}

/** Creates the drafts not created yet, one at a time, keeping each one's outcome. */
function useBatchCreate<K extends BatchKind, D, E>(config: BatchWizardKind<K, D, E>) {
  const notify = useNotify();
  const create = useCreateSession(config.kind);
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [creating, setCreating] = useState(false);
  const createAll = async (drafts: D[]) => {
    setCreating(true);
    const next = { ...outcomes };
    for (const d of drafts) {
      const key = config.keyOf(d);
      if (next[key]?.ok) continue;
      try {
        await create.mutateAsync(config.toInput(d));
        next[key] = { ok: true };
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        next[key] = { ok: false, message: saveError(e) };
      }
      setOutcomes({ ...next });
    }
    setCreating(false);
    const ok = drafts.filter((d) => next[config.keyOf(d)]?.ok).length;
    notify(
      `${ok} of ${countOf(drafts.length, config.noun)} created`,
      ok === drafts.length ? 'success' : 'warning',
    );
  };
  return { outcomes, setOutcomes, creating, createAll };
}

/**
 * The wizard of technical and poster sessions: pick accepted papers, build sessions of them (the kind's own
 * step), confirm, then each session is created and its result shown; sessions that failed can be corrected
 * and created again.
 */
export function BatchSessionWizard<K extends BatchKind, D, E extends object>({
  config,
}: {
  config: BatchWizardKind<K, D, E>;
}) {
  const existing = useSessions(config.kind);
  const rooms = useRooms();
  const { outcomes, setOutcomes, creating, createAll } = useBatchCreate(config);
  const [step, setStep] = useState(0);
  const [track, setTrack] = useState<number | null>(null);
  const [picked, setPicked] = useState<SchedulablePaperDto[]>([]);
  const [drafts, setDrafts] = useState<D[]>([]);
  const [errors, setErrors] = useState<Record<number, E>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const keys = useRef(1);
  const props: BatchStepProps<K, D, E> = {
    drafts,
    setDrafts,
    picked,
    errors,
    outcomes,
    rooms: rooms.data ?? [],
    existing: existing.data ?? [],
    newKey: () => keys.current++,
  };
  const created = (d: D) => outcomes[config.keyOf(d)]?.ok;

  const toBuild = () => {
    setProblem(null);
    if (!picked.length) return setProblem(PROGRAMME_MESSAGES.papers);
    setDrafts(config.draftsFor(picked, drafts, props));
    setStep(1);
  };

  const toConfirm = () => {
    setProblem(null);
    if (!drafts.length) return setProblem('Please add a session');
    const all: Record<number, E> = {};
    // Sessions already created are stored ones now: only the others are checked (against them too).
    const pending = drafts.filter((d) => !created(d));
    for (const d of pending) {
      const e = config.check(
        d,
        pending.filter((x) => x !== d),
        props.existing,
      );
      if (Object.keys(e).length) all[config.keyOf(d)] = e;
    }
    setErrors(all);
    if (Object.keys(all).length) return setProblem('Please correct the sessions highlighted in red');
    setStep(2);
  };

  const done = drafts.length > 0 && drafts.every(created);
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
        title={config.title}
        actions={
          <>
            <ClashSummary />
            {config.links}
          </>
        }
      />
      <WizardFrame
        steps={STEPS}
        active={step}
        problem={problem}
        busy={creating}
        buttons={
          <WizardButtons
            onBack={step > 0 && !done && !creating ? () => setStep(step - 1) : undefined}
            onNext={step === 0 ? toBuild : step === 1 ? toConfirm : undefined}
          >
            {step === 2 && !done ? (
              <Button disabled={creating} onClick={() => void createAll(drafts)}>
                {started ? 'Create the remaining sessions' : `Create ${countOf(drafts.length, config.noun)}`}
              </Button>
            ) : null}
            {done ? (
              <DoneButtons
                to={config.list.to}
                view={`View ${config.list.label}`}
                again="Build more sessions"
                onAgain={restart}
              />
            ) : null}
          </WizardButtons>
        }
      >
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
                  <config.Build {...props} rooms={roomList} />
                </>
              )}
            </QueryView>
          ) : null}
          {step === 2 ? (
            <>
              <config.Confirm {...props} />
              <SummaryClashes />
            </>
          ) : null}
        </Paper>
      </WizardFrame>
    </>
  );
}
