/**
 * The commands of `npm run jobs` (the operators' tool for the scheduled reminders): parsed and run here, by the
 * command line on its own database, or by the running server for it (JobsControlSocket) when the server holds
 * the embedded database.
 */
import {
  REMINDER_KIND_LABELS,
  REMINDER_RECIPIENT_LABELS,
  type ReminderKind,
  type ReminderRuleDto,
} from '@symposium/domain';
import { DomainError } from '../../common/errors.js';
import { RemindersService } from './reminders.service.js';

export const JOBS_USAGE = `Scheduled reminders — npm run jobs -- COMMAND

Commands (RULE is a rule's id or its name; quote names with spaces):
  list               every reminder rule: kind, offsets, send hour, recipients, template, tracks, enabled
                     or paused, reminders sent
  show RULE          one rule and its last runs
  dry-run RULE       who would be reminded now and why (nothing is sent)
  run RULE           queue the reminders due now (each person once per deadline and offset)
  pause RULE         stop the scheduler from running the rule
  resume RULE        let the scheduler run the rule (a new rule is paused: dry-run it first, then resume it)
  history [RULE]     the latest runs (of one rule, or of every rule)
  help               this text

Database: DATABASE_URL=postgres://… for PostgreSQL (the tool works while the servers run), otherwise the
embedded database in DATA_DIR (default ./data). The embedded database can be opened by one process only:
while the server (npm start) holds it, the tool asks that server to run the command (through the socket
symposium-jobs.sock in DATA_DIR, which only the server's user can open).
The server runs enabled rules by itself every JOBS_TICK_MS (default 60000 ms, once a minute).`;

const COMMANDS: Record<string, 'none' | 'rule' | 'optional'> = {
  list: 'none',
  show: 'rule',
  'dry-run': 'rule',
  run: 'rule',
  pause: 'rule',
  resume: 'rule',
  history: 'optional',
};

export class JobsUsageError extends Error {}

/** A plain text table: a header, a rule line, the rows; columns as wide as their widest cell. */
function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const when = (iso: string | null) => (iso ? `${iso.slice(0, 19).replace('T', ' ')} UTC` : '-');
const days = (offsets: number[]) => offsets.map((o) => `${o}d`).join(', ');
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
/** A cell of at most `max` characters. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

type Labels = Awaited<ReturnType<RemindersService['labels']>>;
const templateOf = (l: Labels, id: number) => l.templates.get(id) ?? `template ${id} (missing)`;
const tracksOf = (l: Labels, ids: number[]) =>
  ids.length ? ids.map((id) => l.tracks.get(id) ?? `track ${id} (missing)`).join(', ') : 'all';

async function execute(
  reminders: RemindersService,
  command: string,
  ref: string | undefined,
): Promise<string> {
  const rule = async (): Promise<ReminderRuleDto> => reminders.resolve(ref!);
  switch (command) {
    case 'list': {
      const rules = await reminders.list();
      if (!rules.length) return 'No reminder rules yet (add them in the chair console: E-mail → Reminders).';
      const l = await reminders.labels();
      return `${table(
        ['ID', 'NAME', 'KIND', 'OFFSETS', 'AT', 'TO', 'TEMPLATE', 'TRACKS', 'STATE', 'SENT', 'LAST RUN'],
        rules.map((r) => [
          r._id,
          r.name,
          r.kind,
          days(r.offsets),
          hour(r.sendHour),
          r.recipients === 'primary' ? 'primary author' : 'all',
          cut(templateOf(l, r.templateId), 40),
          tracksOf(l, r.trackIds),
          r.enabled ? 'enabled' : 'paused',
          r.sent,
          when(r.lastRunAt),
        ]),
      )}\n\nSend hours (AT) are in the conference's time zone, ${l.zone}.`;
    }
    case 'show': {
      const r = await rule();
      const runs = await reminders.history(r._id, 10);
      const l = await reminders.labels();
      return [
        `Rule ${r._id}: ${r.name}`,
        `  What:      ${r.kind} — ${REMINDER_KIND_LABELS[r.kind as ReminderKind] ?? ''}`,
        `  When:      ${r.offsets.map((o) => (o === 0 ? 'on the day' : `${o} days before`)).join(', ')}, at ${hour(r.sendHour)} (${l.zone})`,
        ...(r.kind.startsWith('review') ? [] : [`  To:        ${REMINDER_RECIPIENT_LABELS[r.recipients]}`]),
        `  Template:  ${templateOf(l, r.templateId)} (template ${r.templateId})`,
        `  Tracks:    ${tracksOf(l, r.trackIds)}`,
        `  State:     ${r.enabled ? 'enabled' : 'paused'}`,
        `  Sent:      ${r.sent}`,
        `  Last run:  ${when(r.lastRunAt)}`,
        '',
        runs.length
          ? table(
              ['RUN', 'TRIGGER', 'STARTED', 'QUEUED'],
              runs.map((x) => [x._id, x.trigger, when(x.startedAt), x.queued]),
            )
          : 'No runs yet.',
      ].join('\n');
    }
    case 'dry-run': {
      const r = await rule();
      const dry = await reminders.dryRun(r._id);
      const list = dry.candidates;
      const sent = list.length - dry.toSend;
      const closed = dry.closedTracks.map(
        (t) => `Track '${t.trackName}': ${t.message}, nobody there is reminded.`,
      );
      const summary = [
        ...closed,
        `Rule ${r._id} '${r.name}': ${list.length} due now, ${sent} already sent, ${dry.toSend} would be queued. Nothing was sent (dry run).`,
        ...(r.enabled ? [] : [`The rule is paused: 'resume ${r._id}' lets the scheduler queue them.`]),
      ].join('\n');
      if (!list.length) return summary;
      return `${table(
        ['TO', 'NAME', 'OBJECT', 'DEADLINE', 'OFFSET', 'SENT', 'WHY'],
        list.map((c) => [
          c.email,
          c.name,
          c.objectKey,
          when(c.deadline),
          `${c.offset}d`,
          c.alreadySent ? 'yes' : 'no',
          c.reason,
        ]),
      )}\n\n${summary}`;
    }
    case 'run': {
      const r = await rule();
      const res = await reminders.runNow(r._id, 'cli');
      return `Rule ${r._id} '${r.name}': ${res.message}.`;
    }
    case 'pause':
    case 'resume': {
      const r = await rule();
      const res = await reminders.setEnabled(r._id, command === 'resume');
      return `Rule ${r._id} '${r.name}': ${res.message}.`;
    }
    case 'history': {
      const rules = await reminders.list();
      const names = new Map(rules.map((r) => [r._id, r.name]));
      const r = ref === undefined ? null : await rule();
      const runs = await reminders.history(r?._id ?? null, 50);
      if (!runs.length) return 'No runs yet.';
      return table(
        ['RUN', 'RULE', 'TRIGGER', 'STARTED', 'FINISHED', 'QUEUED'],
        runs.map((x) => [
          x._id,
          names.get(x.ruleId) ?? `rule ${x.ruleId} (deleted)`,
          x.trigger,
          when(x.startedAt),
          when(x.finishedAt),
          x.queued,
        ]),
      );
    }
  }
  throw new JobsUsageError(`Unknown command '${command}'.`);
}

/** What a command printed and its exit code (0 done; 1 refused or unknown). */
export interface JobsOutcome {
  code: number;
  out: string;
  err: string;
}

/** The command and its RULE, checked before any database is opened; null for help. */
export function parseJobsArgs(argv: string[]): { command: string; ref: string | undefined } | null {
  const [command, ref, ...rest] = argv;
  if (command === undefined || ['help', '--help', '-h'].includes(command)) return null;
  const arity = COMMANDS[command];
  if (!arity) throw new JobsUsageError(`Unknown command '${command}'.`);
  if (arity === 'rule' && (ref === undefined || !ref.trim()))
    throw new JobsUsageError(`'${command}' needs a RULE (its id or name).`);
  if ((arity === 'none' && ref !== undefined) || rest.length)
    throw new JobsUsageError(`Too many arguments for '${command}' (quote a name with spaces).`);
  return { command, ref };
}

/** Runs one command line (`['dry-run', '3']`) and answers what to print; refusals are outcomes, not throws. */
export async function runJobsCommand(reminders: RemindersService, argv: string[]): Promise<JobsOutcome> {
  try {
    const parsed = parseJobsArgs(argv);
    if (!parsed) return { code: argv.length ? 0 : 1, out: JOBS_USAGE, err: '' };
    return { code: 0, out: await execute(reminders, parsed.command, parsed.ref), err: '' };
  } catch (e) {
    if (e instanceof JobsUsageError) return { code: 1, out: '', err: `${e.message}\n\n${JOBS_USAGE}` };
    if (e instanceof DomainError) return { code: 1, out: '', err: e.message };
    throw e;
  }
}
