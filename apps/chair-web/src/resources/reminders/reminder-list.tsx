import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TableCell,
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
import { ConferenceTime, errorMessage, Loading, useNotify, useSession } from '@symposium/ui';
import { useState } from 'react';
import { ConfirmMutationDialog } from '../../components/confirm-dialog';
import { ViewDialog } from '../../components/form-dialog';
import { ItemTable } from '../../components/data-table';
import { ActionButton } from '../../components/list-with-dialogs';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { useEmailTemplates } from '../mail/api/queries';
import { useTracks } from '../tracks/api/queries';
import { hourLabel, ReminderFormDialog } from './reminder-form';
import { useDeleteReminder, useRunReminder, useSetReminderPaused } from './api/mutations';
import { useReminderDryRun, useReminderRules, useReminderRuns } from './api/queries';

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
          <ItemTable
            label="Reminders"
            columns={[
              'Name',
              'Remind of',
              'Days before',
              'Template',
              'Tracks',
              'State',
              'Last run',
              { label: 'Sent', align: 'right' },
              { label: 'Actions', align: 'right' },
            ]}
            rows={data}
            bodyTestId="reminder-rows"
            emptyText="No reminders yet."
            renderRow={(rule) => (
              <ReminderRow
                key={rule._id}
                rule={rule}
                template={templateSubject(rule.templateId)}
                tracks={trackNames(rule.trackIds)}
                zone={zone}
                onAction={(kind) => setAction({ kind, rule })}
              />
            )}
          />
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
    <ActionButton label={label} name={rule.name} color={color} onClick={() => onAction(kind)} />
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
          <ActionButton
            label={rule.enabled ? 'Pause' : 'Enable'}
            name={rule.name}
            disabled={setPaused.isPending}
            onClick={toggle}
          />
          {button('Delete', 'delete', 'error')}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

const ruleId = (rule: ReminderRuleDto) => rule._id;

function DeleteReminder({ rule, onClose }: { rule: ReminderRuleDto; onClose: () => void }) {
  const remove = useDeleteReminder();
  return (
    <ConfirmMutationDialog
      item={rule}
      title="Delete this reminder?"
      mutation={remove}
      variables={ruleId}
      done={REMINDER_MESSAGES.deleted}
      onClose={onClose}
    >
      {(r) => (
        <Typography>
          The reminder “{r.name}” will no longer be sent. The reminders it already sent stay in the e-mail
          history.
        </Typography>
      )}
    </ConfirmMutationDialog>
  );
}

/** "Run now": queues what is due at once, after saying that nobody is reminded twice. */
function RunNow({ rule, onClose }: { rule: ReminderRuleDto; onClose: () => void }) {
  const run = useRunReminder();
  const text = () => (
    <Typography>
      The reminders due now are queued; people already reminded for a deadline are not reminded twice. Use
      “Dry run” to see who they are first.
    </Typography>
  );
  return (
    <ConfirmMutationDialog
      item={rule}
      title={`Run “${rule.name}” now?`}
      confirmLabel="Run now"
      mutation={run}
      variables={ruleId}
      done={(res) => REMINDER_MESSAGES.queued(res?.queued ?? 0)}
      onClose={onClose}
    >
      {text}
    </ConfirmMutationDialog>
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
    <ViewDialog
      titleId="dry-run-title"
      title={`Dry run of “${rule.name}”`}
      maxWidth="lg"
      focusable
      onClose={onClose}
    >
      {dryRun.isPending ? <Loading /> : null}
      {dryRun.isError ? <Alert severity="error">{errorMessage(dryRun.error)}</Alert> : null}
      {dryRun.isSuccess ? <DryRunResult dry={dryRun.data} /> : null}
    </ViewDialog>
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
    <ItemTable
      label="Who would be reminded"
      regionLabel="People to remind"
      columns={['Person', 'E-mail', 'About', 'Deadline', 'Days before', 'Why', 'Already sent']}
      rows={candidates}
      bodyTestId="dry-run-rows"
      renderRow={(c) => (
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
      )}
    />
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
    <ViewDialog titleId="runs-title" title={`Runs of “${rule.name}”`} onClose={onClose}>
      <QueryView query={runs}>
        {(data) =>
          data.length === 0 ? (
            <Typography data-testid="run-rows">This reminder has not run yet.</Typography>
          ) : (
            <ItemTable
              label="Runs"
              columns={['Started', 'Finished', 'By', { label: 'Queued', align: 'right' }]}
              rows={data}
              bodyTestId="run-rows"
              renderRow={(run) => (
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
              )}
            />
          )
        }
      </QueryView>
    </ViewDialog>
  );
}
