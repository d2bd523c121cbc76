import { Alert, Button, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import {
  sessionName,
  type RoomDto,
  type SchedulablePaperDto,
  type TechnicalSessionDto,
} from '@symposium/domain';
import { routeId } from '@symposium/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { countOf, PROGRAMME_UI_MESSAGES } from './programme-labels';
import { choicesFor, EditSessionPage, SaveButtons, useSaveSession } from './session-edit';
import { BatchSessionWizard, type BatchStepProps, type BatchWizardKind } from './session-wizard';
import {
  checkTechnicalDraft,
  describeDraft,
  TechnicalSessionEditor,
  type DraftErrors,
  type TechnicalDraft,
} from './technical-session-editor';
import { useSchedulablePapers, useSessions, type TechnicalSessionInput } from './api/queries';

type StepProps = BatchStepProps<'technical', TechnicalDraft, DraftErrors>;

const toInput = (d: TechnicalDraft): TechnicalSessionInput => ({
  _id: Number(d.number),
  title: d.title.trim(),
  responsables: d.responsables.map((p) => p._id),
  room: Number(d.room),
  papers: d.papers.map((p) => p._id),
});

/** The picked papers in none of the drafts. */
function unplacedOf({ picked, drafts }: Pick<StepProps, 'picked' | 'drafts'>) {
  const placed = new Set(drafts.flatMap((d) => d.papers.map((p) => p._id)));
  return picked.filter((p) => !placed.has(p._id));
}

/** A new draft of `papers`, numbered after the highest number in use. */
function newDraft(
  { existing, newKey }: Pick<StepProps, 'existing' | 'newKey'>,
  list: TechnicalDraft[],
  papers: SchedulablePaperDto[],
): TechnicalDraft {
  const number = Math.max(0, ...existing.map((s) => s._id), ...list.map((d) => Number(d.number) || 0)) + 1;
  return { key: newKey(), number: String(number), title: '', responsables: [], room: '', papers };
}

const TECHNICAL: BatchWizardKind<'technical', TechnicalDraft, DraftErrors> = {
  kind: 'technical',
  title: 'Build technical sessions',
  links: (
    <>
      <Button variant="outlined" component={Link} to={paths.buildTechnicalSessions}>
        Session builder
      </Button>
      <Button variant="outlined" component={Link} to={paths.viewTechnicalSessions}>
        Technical sessions
      </Button>
    </>
  ),
  noun: 'session',
  list: { to: paths.viewTechnicalSessions, label: 'technical sessions' },
  keyOf: (d) => d.key,
  // Papers no longer picked leave their drafts; a first draft starts with every picked paper.
  draftsFor: (picked, drafts, step) => {
    const ids = new Set(picked.map((p) => p._id));
    const kept = drafts.map((d) => ({ ...d, papers: d.papers.filter((p) => ids.has(p._id)) }));
    return kept.length ? kept : [newDraft(step, [], picked)];
  },
  // The numbers and titles the other sessions (stored, and the other drafts) already use.
  check: (d, others, existing) =>
    checkTechnicalDraft(
      d,
      new Set([...existing.map((s) => s._id), ...others.map((x) => Number(x.number))]),
      new Set([...existing.map((s) => s.title), ...others.map((x) => x.title.trim())]),
    ),
  toInput,
  Build: BuildStep,
  Confirm: ConfirmList,
};

/**
 * /AssignTechnicalSessions: pick accepted papers, build sessions of them (number, unique title, session
 * chairs, room, ordered papers), confirm, then each session is created and its result shown.
 * /AssignTechnicalSessions?session=N edits session N.
 */
export function AssignTechnicalSessions() {
  const [params] = useSearchParams();
  const session = params.get('session');
  if (session !== null) return <EditTechnicalSession id={routeId(session)} />;
  return <BatchSessionWizard config={TECHNICAL} />;
}

/** Step "Build sessions": the drafts, each in its editor until it is created. */
function BuildStep(props: StepProps) {
  const { drafts, setDrafts, outcomes, errors, rooms } = props;
  const unplaced = unplacedOf(props);
  return (
    <>
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
              rooms={rooms}
              available={unplaced}
              errors={errors[d.key] ?? {}}
              onChange={(nd) => setDrafts(drafts.map((x) => (x.key === d.key ? nd : x)))}
            />
          </Paper>
        ),
      )}
      <Button variant="outlined" onClick={() => setDrafts([...drafts, newDraft(props, drafts, [])])}>
        Add another session
      </Button>
    </>
  );
}

/** Step "Confirm": the sessions to create, and each one's outcome once created or refused. */
function ConfirmList(props: StepProps) {
  const { drafts, rooms, outcomes } = props;
  const unplaced = unplacedOf(props);
  return (
    <>
      <Typography sx={{ mb: 1 }}>{countOf(drafts.length, 'technical session')} will be created:</Typography>
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
  const papers = useSchedulablePapers(null);
  const existing = useSessions('technical');
  return (
    <EditSessionPage kind="technical" id={id}>
      {(s, rooms) => (
        <EditForm
          key={s._id}
          session={s}
          rooms={rooms}
          papers={papers.data ?? []}
          existing={existing.data ?? []}
        />
      )}
    </EditSessionPage>
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
  const { save, saving } = useSaveSession('technical', PROGRAMME_UI_MESSAGES.sessionSaved);
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
  const available = choicesFor(papers, 'technical', session._id).filter((p) => !inDraft.has(p._id));
  const onSave = () => {
    const others = existing.filter((s) => s._id !== session._id);
    const e = checkTechnicalDraft(draft, new Set(), new Set(others.map((s) => s.title)));
    setErrors(e);
    if (Object.keys(e).length) return;
    const { title, responsables, room, papers: ids } = toInput(draft);
    save(session._id, { title, responsables, room, papers: ids });
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
      <SaveButtons
        label="Save session"
        saving={saving}
        onSave={onSave}
        to={paths.viewTechnicalSessions}
        link="Back to the list"
      />
    </Paper>
  );
}
