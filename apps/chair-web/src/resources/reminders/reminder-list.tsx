import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  AUTHOR_REMINDER_KINDS,
  REMINDER_KIND_LABELS,
  REMINDER_MESSAGES,
  REMINDER_RECIPIENT_LABELS,
  type ReminderCandidateDto,
  type ReminderDryRunDto,
  type ReminderRuleDto,
} from '@symposium/domain';
import { ConferenceTime, ConfirmDialog, errorMessage, Loading, useNotify, useSession } from '@symposium/ui';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { useEmailTemplates } from '../mail/api/queries';
import { useTracks } from '../tracks/api/queries';
import { hourLabel, ReminderFormDialog } from './reminder-form';
import { useDeleteReminder, useRunReminder, useSetReminderPaused } from './api/mutations';
import { useReminderDryRun, useReminderRules, useReminderRuns } from './api/queries';
import { scrollRegion } from '../../components/data-table';

const offsetsLabel = (offsets: number[]) =>
  offsets.map((d) => (d === 0 ? 'on the day' : `${d} day${d === 1 ? '' : 's'}`)).join(', ');

type Action = {
  kind: 'edit' | 'delete' | 'dry-run' | 'run' | 'history' | 'enable';
  rule: ReminderRuleDto;
};

/**
 * /ViewReminders/: the reminder rules the scheduler runs (what and to whom, how many days before the
 * deadline and at which hour of the conference's time zone, which template, which tracks, enabled or
 * paused, last run, reminders sent); add (paused), edit, delete, pause; enabling shows who would be
 * reminded at once and asks once; a dry run lists who would be reminded and why, "Run now" queues what is
 * due, and each rule's runs.
 */
export function ReminderList() {
  const zone = useSession().conference?.timeZone || 'UTC';
  const rules = useReminderRules();
  const templates = useEmailTemplates();
  const tracks = useTracks();
  const [adding, setAdding] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);
  const templateSubject = (id: number) =>
    templates.data?.find((t) => t._id === id)?.subject ?? `Template ${id}`;
  const trackNames = (ids: number[]) =>
    ids.length === 0
      ? 'Every track'
      : ids.map((id) => tracks.data?.find((t) => t._id === id)?.name ?? `Track ${id}`).join(', ');

  return (
    <>
      <PageTitle
        title="Reminders"
        subtitle="E-mails the scheduler sends before deadlines, once per person and deadline."
        actions={<Button onClick={() => setAdding(true)}>Add reminder</Button>}
      />
      <QueryView query={rules}>
        {(data) => (
          <TableContainer component={Paper} variant="outlined" {...scrollRegion('Reminders')}>
            <Table size="small" aria-label="Reminders">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Remind of</TableCell>
                  <TableCell>Days before</TableCell>
                  <TableCell>Template</TableCell>
                  <TableCell>Tracks</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell>Last run</TableCell>
                  <TableCell align="right">Sent</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody data-testid="reminder-rows">
                {data.map((rule) => (
                  <ReminderRow
                    key={rule._id}
                    rule={rule}
                    template={templateSubject(rule.templateId)}
                    tracks={trackNames(rule.trackIds)}
                    zone={zone}
                    onAction={(kind) => setAction({ kind, rule })}
                  />
                ))}
                {data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={9}>No reminders yet.</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryView>
      {adding ? <ReminderFormDialog rule={null} onClose={() => setAdding(false)} /> : null}
      {action?.kind === 'edit' ? <ReminderFormDialog rule={action.rule} onClose={close} /> : null}
      {action?.kind === 'delete' ? <DeleteReminder rule={action.rule} onClose={close} /> : null}
      {action?.kind === 'dry-run' ? <DryRunDialog rule={action.rule} onClose={close} /> : null}
      {action?.kind === 'run' ? <RunNow rule={action.rule} onClose={close} /> : null}
      {action?.kind === 'history' ? <RunHistoryDialog rule={action.rule} onClose={close} /> : null}
      {action?.kind === 'enable' ? <EnableDialog rule={action.rule} onClose={close} /> : null}
    </>
  );
}

function ReminderRow({
  rule,
  template,
  tracks,
  zone,
  onAction,
}: {
  rule: ReminderRuleDto;
  template: string;
  tracks: string;
  zone: string;
  onAction: (kind: Action['kind']) => void;
}) {
  const notify = useNotify();
  const setPaused = useSetReminderPaused();
  // Pausing is at once; enabling first shows who would be reminded at once (EnableDialog).
  const toggle = () =>
    rule.enabled
      ? setPaused.mutate(
          { id: rule._id, paused: true },
          {
            onSuccess: () => notify(REMINDER_MESSAGES.paused),
            onError: (err) => notify(errorMessage(err), 'error'),
          },
        )
      : onAction('enable');
  const button = (label: string, kind: Action['kind'], color?: 'error') => (
    <Button
      size="small"
      variant="outlined"
      color={color}
      aria-label={`${label} ${rule.name}`}
      onClick={() => onAction(kind)}
    >
      {label}
    </Button>
  );
  return (
    <TableRow data-testid={`reminder-${rule._id}`}>
      <TableCell>{rule.name}</TableCell>
      <TableCell>
        {REMINDER_KIND_LABELS[rule.kind] ?? rule.kind}
        {AUTHOR_REMINDER_KINDS.includes(rule.kind) ? (
          <Typography variant="body2" color="text.secondary" data-testid="reminder-recipients">
            To: {REMINDER_RECIPIENT_LABELS[rule.recipients].toLowerCase()}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        {offsetsLabel(rule.offsets)}
        <Typography variant="body2" color="text.secondary" data-testid="reminder-send-hour">
          at {hourLabel(rule.sendHour)} ({zone})
        </Typography>
      </TableCell>
      <TableCell>{template}</TableCell>
      <TableCell>{tracks}</TableCell>
      <TableCell>
        {rule.enabled ? (
          <Chip size="small" color="success" label="Enabled" data-testid="reminder-state" />
        ) : (
          <Chip size="small" label="Paused" data-testid="reminder-state" />
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <ConferenceTime value={rule.lastRunAt} />
      </TableCell>
      <TableCell align="right" data-testid="reminder-sent">
        {rule.sent}
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} justifyContent="flex-end" useFlexGap sx={{ flexWrap: 'wrap' }}>
          {button('Edit', 'edit')}
          {button('Dry run', 'dry-run')}
          {button('Run now', 'run')}
          {button('History', 'history')}
          <Button
            size="small"
            variant="outlined"
            aria-label={`${rule.enabled ? 'Pause' : 'Enable'} ${rule.name}`}
            disabled={setPaused.isPending}
            onClick={toggle}
          >
            {rule.enabled ? 'Pause' : 'Enable'}
          </Button>
          {button('Delete', 'delete', 'error')}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function DeleteReminder({ rule, onClose }: { rule: ReminderRuleDto; onClose: () => void }) {
  const notify = useNotify();
  const remove = useDeleteReminder();
  return (
    <ConfirmDialog
      open
      title="Delete this reminder?"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(rule._id, {
          onSuccess: () => notify(REMINDER_MESSAGES.deleted),
          onError: (err) => notify(errorMessage(err), 'error'),
          onSettled: onClose,
        })
      }
    >
      <Typography>
        The reminder “{rule.name}” will no longer be sent. The reminders it already sent stay in the e-mail
        history.
      </Typography>
    </ConfirmDialog>
  );
}

function RunNow({ rule, onClose }: { rule: ReminderRuleDto; onClose: () => void }) {
  const notify = useNotify();
  const run = useRunReminder();
  return (
    <ConfirmDialog
      open
      title={`Run “${rule.name}” now?`}
      confirmLabel="Run now"
      busy={run.isPending}
      onCancel={onClose}
      onConfirm={() =>
        run.mutate(rule._id, {
          onSuccess: (res) => notify(REMINDER_MESSAGES.queued(res?.queued ?? 0)),
          onError: (err) => notify(errorMessage(err), 'error'),
          onSettled: onClose,
        })
      }
    >
      <Typography>
        The reminders due now are queued; people already reminded for a deadline are not reminded twice. Use
        “Dry run” to see who they are first.
      </Typography>
    </ConfirmDialog>
  );
}

const reminders = (n: number) => `${n} reminder${n === 1 ? '' : 's'}`;

/** What a dry run found: how many would be sent now, the tracks whose activity is closed, the people. */
function DryRunResult({ dry }: { dry: ReminderDryRunDto }) {
  return (
    <>
      <Typography sx={{ mb: 1 }} data-testid="dry-run-count">
        {dry.toSend === 0 ? 'Nobody would be reminded now.' : `${reminders(dry.toSend)} would be sent now.`}{' '}
        Nothing was sent.
      </Typography>
      {dry.closedTracks.length ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="dry-run-closed">
          No reminders in{' '}
          {dry.closedTracks.map((t, i) => (
            <span key={t.trackId}>
              {i ? '; ' : ''}
              {t.trackName} ({t.message})
            </span>
          ))}
          .
        </Alert>
      ) : null}
      {dry.candidates.length ? <CandidateTable candidates={dry.candidates} /> : null}
    </>
  );
}

function DryRunDialog({ rule, onClose }: { rule: ReminderRuleDto; onClose: () => void }) {
  const dryRun = useReminderDryRun(rule._id);
  return (
    <Dialog open onClose={onClose} aria-labelledby="dry-run-title" fullWidth maxWidth="lg">
      <DialogTitle id="dry-run-title">Dry run of “{rule.name}”</DialogTitle>
      {/* focusable: a long list scrolls here, and keyboard users must be able to scroll it (axe) */}
      <DialogContent tabIndex={0}>
        {dryRun.isPending ? <Loading /> : null}
        {dryRun.isError ? <Alert severity="error">{errorMessage(dryRun.error)}</Alert> : null}
        {dryRun.isSuccess ? <DryRunResult dry={dryRun.data} /> : null}
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Enabling a paused rule: first who it would remind at once (its dry run), then one confirmation that
 * says how many reminders go out ("Enable and send 3 reminders now"); the scheduler queues them at its
 * next check, within a minute.
 */
function EnableDialog({ rule, onClose }: { rule: ReminderRuleDto; onClose: () => void }) {
  const notify = useNotify();
  const dryRun = useReminderDryRun(rule._id);
  const enable = useSetReminderPaused();
  const toSend = dryRun.data?.toSend ?? 0;
  const confirm = () =>
    enable.mutate(
      { id: rule._id, paused: false },
      {
        onSuccess: () => notify(REMINDER_MESSAGES.resumed),
        onError: (err) => notify(errorMessage(err), 'error'),
        onSettled: onClose,
      },
    );
  return (
    <Dialog
      open
      onClose={enable.isPending ? undefined : onClose}
      aria-labelledby="enable-title"
      fullWidth
      maxWidth="lg"
    >
      <DialogTitle id="enable-title">Enable “{rule.name}”?</DialogTitle>
      <DialogContent tabIndex={0}>
        {dryRun.isPending ? <Loading /> : null}
        {dryRun.isError ? <Alert severity="error">{errorMessage(dryRun.error)}</Alert> : null}
        {dryRun.isSuccess ? (
          <>
            <Typography sx={{ mb: 1 }}>
              {toSend
                ? `Once enabled, these ${reminders(toSend)} are queued at the scheduler's next check (within a minute); later ones go out when they fall due.`
                : 'Nobody is due now: reminders go out when they fall due.'}
            </Typography>
            <DryRunResult dry={dryRun.data} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onClose} disabled={enable.isPending}>
          Cancel
        </Button>
        <Button
          data-testid="enable-confirm"
          disabled={!dryRun.isSuccess || enable.isPending}
          onClick={confirm}
        >
          {toSend ? `Enable and send ${reminders(toSend)} now` : 'Enable'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CandidateTable({ candidates }: { candidates: ReminderCandidateDto[] }) {
  return (
    <TableContainer component={Paper} variant="outlined" {...scrollRegion('People to remind')}>
      <Table size="small" aria-label="Who would be reminded">
        <TableHead>
          <TableRow>
            <TableCell>Person</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>About</TableCell>
            <TableCell>Deadline</TableCell>
            <TableCell>Days before</TableCell>
            <TableCell>Why</TableCell>
            <TableCell>Already sent</TableCell>
          </TableRow>
        </TableHead>
        <TableBody data-testid="dry-run-rows">
          {candidates.map((c) => (
            <TableRow key={`${c.userId}|${c.objectKey}|${c.occurrence}`}>
              <TableCell>{c.name}</TableCell>
              <TableCell>{c.email}</TableCell>
              <TableCell>
                {c.paperId !== null
                  ? `Paper ${c.paperId}`
                  : c.reviewRequestId !== null
                    ? `Review request ${c.reviewRequestId}`
                    : c.objectKey}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <ConferenceTime value={c.deadline} />
              </TableCell>
              <TableCell>{c.offset}</TableCell>
              <TableCell>{c.reason}</TableCell>
              <TableCell>{c.alreadySent ? 'Yes (skipped)' : 'No'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const TRIGGER_LABELS: Record<string, string> = {
  scheduler: 'Scheduler',
  chair: 'Chair (run now)',
  cli: 'Command line',
};

function RunHistoryDialog({ rule, onClose }: { rule: ReminderRuleDto; onClose: () => void }) {
  const runs = useReminderRuns(rule._id, true);
  return (
    <Dialog open onClose={onClose} aria-labelledby="runs-title" fullWidth maxWidth="md">
      <DialogTitle id="runs-title">Runs of “{rule.name}”</DialogTitle>
      <DialogContent>
        <QueryView query={runs}>
          {(data) =>
            data.length === 0 ? (
              <Typography data-testid="run-rows">This reminder has not run yet.</Typography>
            ) : (
              <TableContainer component={Paper} variant="outlined" {...scrollRegion('Runs')}>
                <Table size="small" aria-label="Runs">
                  <TableHead>
                    <TableRow>
                      <TableCell>Started</TableCell>
                      <TableCell>Finished</TableCell>
                      <TableCell>By</TableCell>
                      <TableCell align="right">Queued</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody data-testid="run-rows">
                    {data.map((run) => (
                      <TableRow key={run._id}>
                        <TableCell>
                          <ConferenceTime value={run.startedAt} />
                        </TableCell>
                        <TableCell>
                          <ConferenceTime value={run.finishedAt} />
                        </TableCell>
                        <TableCell>{TRIGGER_LABELS[run.trigger] ?? run.trigger}</TableCell>
                        <TableCell align="right">{run.queued}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )
          }
        </QueryView>
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
