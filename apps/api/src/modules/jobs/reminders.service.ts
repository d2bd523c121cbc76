import { Injectable, Logger } from '@nestjs/common';
import {
  AUTHOR_REMINDER_KINDS,
  DEFAULT_REMINDER_SEND_HOUR,
  formatInZone,
  knownZone,
  parseTemplate,
  placeholderInfo,
  REMINDER_ACTIVITY,
  REMINDER_ACTIVITY_LABELS,
  REMINDER_KINDS,
  REMINDER_MESSAGES as M,
  REMINDER_RECIPIENTS,
  TEMPLATE_MESSAGES,
  TemplateError,
  type ReminderClosedTrackDto,
  type ReminderDryRunDto,
  type ReminderKind,
  type ReminderRecipients,
  type ReminderRuleDto,
  type ReminderRuleInput,
  type ReminderRunDto,
} from '@symposium/domain';
import { pgErrorCode } from '../../common/errors.js';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { ConferenceService } from '../conference/conference.service.js';
import { EmailTemplatesService } from '../mail/email-templates.service.js';
import { EmailSettingsService } from '../mail/email-settings.service.js';
import { MailRenderService, withSignature, type MailContext } from '../mail/mail-render.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { TracksService } from '../tracks/tracks.service.js';
import type { ReminderRuleRow, ReminderRunRow } from './jobs.table.js';
import { JobsErrors } from './jobs.errors.js';
import { ReminderCandidatesRead, type CandidateRow } from '../../reads/reminder-candidates.read.js';
import { dueOffset, normaliseOffsets, occurrenceOf, windowDays } from './reminder-schedule.js';
import { deliveryKey, RemindersRepository, type DeliveryKey } from './reminders.repository.js';

export type RunTrigger = ReminderRunDto['trigger'];

/** Who started a run: the chair (its user id) or the system (scheduler, command line: actor 0). */
export const SYSTEM_ACTOR = 0;

/** One person due a reminder now. */
export interface DueReminder extends DeliveryKey {
  row: CandidateRow;
  offset: number;
  deadline: Date;
}

export interface RunOutcome {
  /** false: another process was running the rule (scheduler only), nothing done. */
  claimed: boolean;
  queued: number;
  /** Due now, before removing those already sent. */
  due: number;
  alreadySent: number;
  failed: { email: string; objectKey: string; message: string }[];
  run: ReminderRunRow | null;
}

const REVIEW_KINDS: readonly ReminderKind[] = ['reviewRequestNotAnswered', 'reviewNotSubmitted'];
const WHAT: Record<ReminderKind, string> = {
  cameraReadyNotSubmitted: 'camera-ready version not submitted',
  presentationReadyNotSubmitted: 'presentation-ready version not submitted',
  consentNotSigned: 'consent form not signed',
  notRegistered: 'paper not registered',
  reviewRequestNotAnswered: 'review request not answered',
  reviewNotSubmitted: 'review not submitted',
  responseNotSubmitted: 'author response not submitted',
};
const DEADLINE: Record<ReminderKind, string> = {
  cameraReadyNotSubmitted: 'camera-ready deadline',
  presentationReadyNotSubmitted: 'presentation-ready deadline',
  consentNotSigned: 'camera-ready deadline',
  notRegistered: 'camera-ready deadline',
  reviewRequestNotAnswered: 'reply date',
  reviewNotSubmitted: 'review due date',
  responseNotSubmitted: 'response window closes',
};
/** Render failures kept in a run's details. */
const MAX_FAILED_KEPT = 50;

export const toReminderRuleDto = (row: ReminderRuleRow, sent: number): ReminderRuleDto => ({
  _id: row.id,
  name: row.name,
  kind: row.kind as ReminderKind,
  offsets: row.offsets,
  sendHour: row.sendHour,
  recipients: row.recipients as ReminderRecipients,
  templateId: row.templateId,
  trackIds: row.trackIds,
  enabled: row.enabled,
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  sent,
});

export const toReminderRunDto = (row: ReminderRunRow): ReminderRunDto => ({
  _id: row.id,
  ruleId: row.ruleId,
  trigger: row.trigger as RunTrigger,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  queued: row.queued,
});

/** Who is due now under a rule, and the rule's tracks whose activity is closed (nobody reminded there). */
interface DueNow {
  due: DueReminder[];
  closedTracks: ReminderClosedTrackDto[];
  zone: string;
}

/**
 * Scheduled reminders: the rules (chair screen and command line), who is due now (dry run), and runs that
 * queue each (rule, recipient, object, occurrence) exactly once, however many processes tick at once.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly repo: RemindersRepository,
    private readonly candidates: ReminderCandidatesRead,
    private readonly transactions: TransactionRunner,
    private readonly templates: EmailTemplatesService,
    private readonly render: MailRenderService,
    private readonly settings: EmailSettingsService,
    private readonly mail: OutboxService,
    private readonly tracks: TracksService,
    private readonly activity: ActivityService,
    private readonly conference: ConferenceService,
  ) {}

  // ------------------------------------------------------------------ rules

  async list(): Promise<ReminderRuleDto[]> {
    const rows = await this.repo.list();
    const sent = await this.repo.sentCounts(rows.map((r) => r.id));
    return rows.map((r) => toReminderRuleDto(r, sent.get(r.id) ?? 0));
  }

  async get(id: number): Promise<ReminderRuleDto> {
    const row = await this.mustFind(id);
    const sent = await this.repo.sentCounts([id]);
    return toReminderRuleDto(row, sent.get(id) ?? 0);
  }

  /** A rule by id (digits) or by name (case-insensitive): the command line's RULE. */
  async resolve(ref: string): Promise<ReminderRuleDto> {
    const text = ref.trim();
    let row: ReminderRuleRow | undefined;
    if (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647)
      row = await this.repo.find(Number(text));
    row ??= await this.repo.findByName(text);
    if (!row) throw JobsErrors.notFound();
    return this.get(row.id);
  }

  /**
   * A new rule is stored paused, whatever the body says: it is enabled (resume, or PUT enabled) once the
   * chair has seen who it would remind at once (the chair screen shows the dry run before enabling). In the
   * caller's transaction when `ex` is given.
   */
  async create(input: Partial<ReminderRuleInput>, ex?: Executor): Promise<ReminderRuleDto> {
    const values = this.checkFields({
      name: input.name,
      kind: input.kind,
      offsets: input.offsets,
      sendHour: input.sendHour ?? DEFAULT_REMINDER_SEND_HOUR,
      recipients: input.recipients ?? 'all',
      templateId: input.templateId,
      trackIds: input.trackIds ?? [],
      enabled: false,
    });
    const work = async (tx: Executor) => {
      await this.checkReferences(values, null, tx);
      return this.repo.insert(values, tx);
    };
    const row = ex ? await work(ex) : await this.write(work);
    return toReminderRuleDto(row, 0);
  }

  async update(id: number, input: Partial<ReminderRuleInput>): Promise<ReminderRuleDto> {
    const row = await this.write(async (tx) => {
      const current = await this.repo.find(id, tx);
      if (!current) throw JobsErrors.notFound();
      const values = this.checkFields({
        name: input.name ?? current.name,
        kind: input.kind ?? current.kind,
        offsets: input.offsets ?? current.offsets,
        sendHour: input.sendHour ?? current.sendHour,
        recipients: input.recipients ?? current.recipients,
        templateId: input.templateId ?? current.templateId,
        trackIds: input.trackIds ?? current.trackIds,
        enabled: input.enabled ?? current.enabled,
      });
      await this.checkReferences(values, id, tx);
      const updated = await this.repo.update(id, values, tx);
      if (!updated) throw JobsErrors.notFound();
      return updated;
    });
    return this.get(row.id);
  }

  async remove(id: number): Promise<{ message: string }> {
    const deleted = await this.transactions.run((tx) => this.repo.delete(id, tx));
    if (!deleted) throw JobsErrors.notFound();
    return { message: M.deleted };
  }

  async setEnabled(id: number, enabled: boolean): Promise<{ message: string }> {
    const row = await this.repo.update(id, { enabled });
    if (!row) throw JobsErrors.notFound();
    return { message: enabled ? M.resumed : M.paused };
  }

  /**
   * What the rules' ids stand for, for the command line: template subjects and track names by id, and the
   * conference's time zone (the send hour's).
   */
  async labels(): Promise<{ templates: Map<number, string>; tracks: Map<number, string>; zone: string }> {
    const templates = new Map((await this.templates.list()).map((t) => [t._id, t.subject]));
    const tracks = new Map((await this.tracks.list()).map((t) => [t._id, t.name]));
    const zone = knownZone((await this.conference.get()).timeZone);
    return { templates, tracks, zone };
  }

  /** Runs, newest first (at most `limit`); of one rule, or of every rule when ruleId is null. */
  async history(ruleId: number | null, limit = 100): Promise<ReminderRunDto[]> {
    if (ruleId !== null) await this.mustFind(ruleId);
    return (await this.repo.runs(ruleId, limit)).map(toReminderRunDto);
  }

  // ------------------------------------------------------------------ who is due

  /**
   * Who a run would remind now and why (alreadySent marks those a run skips), and the rule's tracks whose
   * activity is closed. Sends nothing.
   */
  async dryRun(id: number, now = new Date()): Promise<ReminderDryRunDto> {
    const rule = await this.mustFind(id);
    const { due, closedTracks, zone } = await this.due(rule, now);
    const sent = await this.repo.existing(rule.id, due);
    const kind = rule.kind as ReminderKind;
    const candidates = due.map((d) => ({
      userId: d.userId,
      name: `${d.row.firstName} ${d.row.lastName}`.trim(),
      email: d.row.email,
      objectKey: d.objectKey,
      paperId: d.row.paperId,
      reviewRequestId: d.row.requestId,
      deadline: d.deadline.toISOString(),
      offset: d.offset,
      occurrence: d.occurrence,
      reason: this.reason(kind, d, zone),
      alreadySent: sent.has(deliveryKey(d)),
    }));
    return { toSend: candidates.filter((c) => !c.alreadySent).length, candidates, closedTracks };
  }

  private reason(kind: ReminderKind, d: DueReminder, zone: string): string {
    const object = d.row.requestId
      ? `review request ${d.row.requestId} for paper ${d.row.paperId} '${d.row.paperTitle}'`
      : `paper ${d.row.paperId} '${d.row.paperTitle}'`;
    const when = d.offset === 0 ? 'on the day' : `${d.offset} day${d.offset === 1 ? '' : 's'} before`;
    return `${object}: ${WHAT[kind]}; ${DEADLINE[kind]} ${formatInZone(d.deadline, zone)}, reminder ${when}`;
  }

  /**
   * The rule's candidates with the one offset due now each (the latest-due one; days and send hour in the
   * conference's time zone), in one query; tracks whose activity of the kind is closed are left out.
   */
  private async due(rule: ReminderRuleRow, now: Date, ex?: Executor): Promise<DueNow> {
    const kind = rule.kind as ReminderKind;
    const zone = knownZone((await this.conference.get(undefined, ex)).timeZone);
    if (!REMINDER_KINDS.includes(kind) || !rule.offsets.length) return { due: [], closedTracks: [], zone };
    const closedTracks = await this.closedTracks(kind, rule.trackIds, ex);
    const rows = await this.candidates.candidates(
      kind,
      {
        trackIds: rule.trackIds,
        excludeTrackIds: closedTracks.map((t) => t.trackId),
        recipients: rule.recipients as ReminderRecipients,
        windowDays: windowDays(rule.offsets),
        now,
      },
      ex,
    );
    const at = { sendHour: rule.sendHour, zone };
    const out: DueReminder[] = [];
    for (const row of rows) {
      const offset = dueOffset(row.deadline, rule.offsets, now, at);
      if (offset === null) continue;
      out.push({
        row,
        offset,
        deadline: row.deadline,
        userId: row.userId,
        objectKey: row.requestId ? `request:${row.requestId}` : `paper:${row.paperId}`,
        occurrence: occurrenceOf(row.deadline, offset),
      });
    }
    return { due: out, closedTracks, zone };
  }

  /** The tracks of the rule (all when none listed) whose activity of this kind is closed (status false). */
  private async closedTracks(
    kind: ReminderKind,
    trackIds: number[],
    ex?: Executor,
  ): Promise<ReminderClosedTrackDto[]> {
    const activity = REMINDER_ACTIVITY[kind];
    if (!activity) return [];
    const tracks = await this.tracks.list(trackIds.length ? trackIds : null, ex);
    return tracks
      .filter((t) => !t.activities[activity].status)
      .map((t) => ({
        trackId: t._id,
        trackName: t.name,
        message: M.activityClosed(REMINDER_ACTIVITY_LABELS[activity]),
      }));
  }

  // ------------------------------------------------------------------ runs

  /** "Run now" from the chair screen or the command line: waits for a run in progress, then runs. */
  async runNow(
    id: number,
    trigger: Exclude<RunTrigger, 'scheduler'>,
    actorId: number = SYSTEM_ACTOR,
    impersonatorId: number | null = null,
  ): Promise<{ queued: number; message: string }> {
    await this.mustFind(id);
    const outcome = await this.run(id, trigger, { wait: true, actorId, impersonatorId });
    if (!outcome.claimed) throw JobsErrors.notFound();
    return { queued: outcome.queued, message: M.queued(outcome.queued) };
  }

  /** Seconds since the enabled rule least recently run was run (see RemindersRepository). */
  oldestRunAgeSeconds(): Promise<number> {
    return this.repo.oldestRunAgeSeconds();
  }

  /** One scheduler tick: every enabled rule once; a rule another process is running is skipped. */
  async runScheduled(): Promise<{ rules: number; queued: number; skipped: number }> {
    let queued = 0;
    let skipped = 0;
    const ids = await this.repo.enabledIds();
    for (const { id } of ids) {
      const outcome = await this.run(id, 'scheduler', { wait: false, actorId: SYSTEM_ACTOR });
      if (!outcome.claimed) skipped++;
      queued += outcome.queued;
    }
    return { rules: ids.length, queued, skipped };
  }

  /**
   * One run of a rule, in one transaction: claim the rule row (FOR UPDATE; SKIP LOCKED for the scheduler),
   * find who is due, leave out those already recorded, render the rest, record their deliveries with
   * INSERT … ON CONFLICT DO NOTHING RETURNING and write outbox rows only for the deliveries this run
   * inserted. A recipient whose message cannot be rendered gets no delivery (a later run tries again).
   */
  async run(
    id: number,
    trigger: RunTrigger,
    opts: { wait: boolean; actorId: number; impersonatorId?: number | null },
  ): Promise<RunOutcome> {
    const startedAt = new Date();
    const outcome = await this.transactions.run(async (tx): Promise<RunOutcome> => {
      const rule = await this.repo.claim(id, opts.wait, tx);
      if (!rule) return { claimed: false, queued: 0, due: 0, alreadySent: 0, failed: [], run: null };
      const { due, closedTracks } = await this.due(rule, startedAt, tx);
      const sent = await this.repo.existing(rule.id, due, tx);
      const fresh = due.filter((d) => !sent.has(deliveryKey(d)));
      const failed: RunOutcome['failed'] = [];
      let queued = 0;
      if (fresh.length) {
        const template = await this.templates.findById(rule.templateId, tx);
        if (!template) {
          failed.push({ email: '', objectKey: '', message: M.templateNotFound });
        } else {
          const byCtx = new Map<MailContext, DueReminder>();
          const contexts = fresh.map((d) => {
            const ctx: MailContext = {
              userId: d.userId,
              paperId: d.row.paperId,
              reviewRequestId: d.row.requestId,
              deadline: d.deadline,
            };
            byCtx.set(ctx, d);
            return ctx;
          });
          const { rendered, errors } = await this.render.renderAll(template, contexts, tx);
          // Like every bulk e-mail: the conference's reply-to and signature.
          const settings = await this.settings.conferenceSettings(tx);
          for (const e of errors)
            failed.push({ email: e.email, objectKey: byCtx.get(e.ctx)?.objectKey ?? '', message: e.message });
          const messages = new Map(rendered.map((r) => [deliveryKey(byCtx.get(r.ctx)!), r]));
          const inserted = await this.repo.insertDeliveries(
            rule.id,
            rendered.map((r) => {
              const d = byCtx.get(r.ctx)!;
              return { userId: d.userId, objectKey: d.objectKey, occurrence: d.occurrence };
            }),
            tx,
          );
          const outboxIds = await this.mail.enqueueMany(
            inserted.map((delivery) => {
              const m = messages.get(deliveryKey(delivery))!;
              const body = withSignature({ text: m.text, html: m.html }, settings.signature);
              return {
                kind: 'reminder',
                to: [m.to.email],
                replyTo: settings.replyTo || null,
                subject: m.subject,
                text: body.text,
                html: body.html,
                userId: delivery.userId,
                paperId: m.ctx.paperId ?? null,
              };
            }),
            tx,
          );
          const links = inserted.map((delivery, i): [number, number] => [delivery.id, outboxIds[i]!]);
          await this.repo.setOutboxIds(links, tx);
          queued = inserted.length;
        }
      }
      let run: ReminderRunRow | null = null;
      // Every chair and command-line run is recorded; a scheduler tick only when it did or tried something.
      if (trigger !== 'scheduler' || queued > 0 || failed.length > 0)
        run = await this.repo.insertRun(
          {
            ruleId: rule.id,
            trigger,
            startedAt,
            queued,
            details: {
              due: due.length,
              alreadySent: due.length - fresh.length,
              failed: failed.length,
              ...(failed.length ? { failures: failed.slice(0, MAX_FAILED_KEPT) } : {}),
              ...(closedTracks.length ? { closedTracks: closedTracks.map((t) => t.trackId) } : {}),
            },
          },
          tx,
        );
      await this.repo.touchLastRun(rule.id, tx);
      if (queued > 0)
        await this.activity.record(
          {
            actorId: opts.actorId,
            impersonatorId: opts.impersonatorId ?? null,
            action: 'reminder.run',
            summary: `Reminder '${rule.name}' (${trigger}): ${M.queued(queued)}`,
            subjectId: rule.id,
            details: { ruleId: rule.id, trigger, queued, runId: run?.id ?? null },
          },
          tx,
        );
      return { claimed: true, queued, due: due.length, alreadySent: due.length - fresh.length, failed, run };
    });
    for (const f of outcome.failed)
      this.logger.warn(`Reminder rule ${id}: no reminder for ${f.email || f.objectKey}: ${f.message}`);
    return outcome;
  }

  // ------------------------------------------------------------------ checks

  /** Runs a write; a concurrent save of the same name (unique index) answers like the check does. */
  private async write<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(work);
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw JobsErrors.nameTaken();
      throw e;
    }
  }

  private checkFields(input: {
    name: unknown;
    kind: unknown;
    offsets: unknown;
    sendHour: unknown;
    recipients: unknown;
    templateId: unknown;
    trackIds: number[];
    enabled: boolean;
  }): ReminderRuleInput {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw JobsErrors.nameRequired();
    if (typeof input.kind !== 'string' || !REMINDER_KINDS.includes(input.kind as ReminderKind))
      throw JobsErrors.kind();
    const offsets = input.offsets;
    if (
      !Array.isArray(offsets) ||
      offsets.length < 1 ||
      offsets.length > 10 ||
      offsets.some((o) => !Number.isInteger(o) || o < 0 || o > 365) ||
      new Set(offsets).size !== offsets.length
    )
      throw JobsErrors.offsets();
    const sendHour = input.sendHour;
    if (typeof sendHour !== 'number' || !Number.isInteger(sendHour) || sendHour < 0 || sendHour > 23)
      throw JobsErrors.sendHour();
    const recipients = input.recipients;
    if (typeof recipients !== 'string' || !REMINDER_RECIPIENTS.includes(recipients as ReminderRecipients))
      throw JobsErrors.recipients();
    if (recipients === 'primary' && !AUTHOR_REMINDER_KINDS.includes(input.kind as ReminderKind))
      throw JobsErrors.recipientsReview();
    if (typeof input.templateId !== 'number') throw JobsErrors.template();
    return {
      name,
      kind: input.kind as ReminderKind,
      offsets: normaliseOffsets(offsets as number[]),
      sendHour,
      recipients: recipients as ReminderRecipients,
      templateId: input.templateId,
      trackIds: [...new Set(input.trackIds)].sort((a, b) => a - b),
      enabled: input.enabled,
    };
  }

  /** Name free, template present (locked against a concurrent delete) and fitting the kind, tracks present. */
  private async checkReferences(values: ReminderRuleInput, self: number | null, tx: Executor): Promise<void> {
    const other = await this.repo.findByName(values.name, tx);
    if (other && other.id !== self) throw JobsErrors.nameTaken();
    const template = await this.templates.findForUpdate(values.templateId, tx);
    if (!template) throw JobsErrors.templateNotFound();
    const problem = templateProblemFor(values.kind, template);
    if (problem) throw JobsErrors.templateProblem(problem);
    if (values.trackIds.length) {
      const names = await this.tracks.namesOf(values.trackIds, tx);
      if (values.trackIds.some((t) => !names.has(t))) throw JobsErrors.trackNotFound();
    }
  }

  private async mustFind(id: number): Promise<ReminderRuleRow> {
    const row = await this.repo.find(id);
    if (!row) throw JobsErrors.notFound();
    return row;
  }
}

/**
 * Why a template cannot be sent by a rule of this kind, or null: it must parse, and review placeholders
 * need a review request (review kinds only). Paper placeholders fit every kind (a review request has a paper).
 */
export function templateProblemFor(
  kind: ReminderKind,
  tpl: { subject: string; text: string },
): string | null {
  for (const part of [tpl.subject, tpl.text]) {
    let names: string[];
    try {
      names = parseTemplate(part).names;
    } catch (e) {
      if (e instanceof TemplateError) return e.message;
      throw e;
    }
    if (!REVIEW_KINDS.includes(kind))
      for (const n of names)
        if (placeholderInfo(n)?.scope === 'review') return TEMPLATE_MESSAGES.needsReview(n);
  }
  return null;
}
