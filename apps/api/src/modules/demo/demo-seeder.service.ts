import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import {
  emptyRoles,
  formatDayDate,
  generatePassword,
  presentationQuestionsOf,
  resolveQuestions,
  toAnswered,
  type TrackDto,
  type UserRoles,
} from '@symposium/domain';
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AuthUser } from '../../common/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { ActivityService, type ActivityEntry } from '../activity/activity.service.js';
import { ConferenceService } from '../conference/conference.service.js';
import { SignatureService } from '../documents/signature.service.js';
import { FilesService } from '../files/files.service.js';
import { ReportsService } from '../reports/reports.service.js';
import { RemindersService } from '../jobs/reminders.service.js';
import { LetterSettingsService } from '../letters/letter-settings.service.js';
import { LettersService } from '../letters/letters.service.js';
import { EmailSettingsService } from '../mail/email-settings.service.js';
import { EmailTemplatesService } from '../mail/email-templates.service.js';
import { MailSendService } from '../mail/mail-send.service.js';
import { PaperConsentService } from '../papers/paper-consent.service.js';
import { PaperRegistrationsService } from '../papers/paper-registrations.service.js';
import { PapersService, type NewPaper, type NewPaperFile } from '../papers/papers.service.js';
import { ProgrammeViewService } from '../programme/programme-view.service.js';
import { ProgrammeService } from '../programme/programme.service.js';
import { SessionsService } from '../programme/sessions.service.js';
import { ReviewAssignmentService, type RecordedRequest } from '../reviews/review-assignment.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService, type TrackInput } from '../tracks/tracks.service.js';
import { UsersService } from '../users/users.service.js';
import { asciiSlug } from './demo-content.js';
import { demoDocx, demoPdf, demoPptx } from './demo-files.js';
import {
  AUTHOR,
  CHAIR,
  DEMO_DEFAULT_PAPERS,
  DEMO_DEFAULT_SEED,
  DEMO_ACCOUNTS,
  PAPER_STATES,
  TRACK_CHAIR,
  TUTORIALS,
  planDemo,
  type DemoPlan,
  type PaperState,
  type PlannedEvent,
  type PlannedPaper,
  type PlannedSession,
} from './demo-plan.js';
import { seedOf } from './demo-random.js';

export { DEMO_DEFAULT_PAPERS, DEMO_DEFAULT_SEED, DEMO_MAX_PAPERS } from './demo-plan.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** What the e-mail history shows as the server's answer to the demo's messages: none was sent. */
const NOT_SENT = '250 Recorded by the demo conference (not sent)';

/** A deadline `days` from now, at 23:59 UTC of that day. */
const deadlineIn = (now: Date, days: number): string => {
  const d = new Date(now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59)).toISOString();
};

/** "14–16 October 2027" (or "30 June – 2 July 2027" across months) for three days from start. */
function conferenceDates(start: Date): string {
  const end = new Date(start.getTime() + 2 * DAY_MS);
  const y = end.getUTCFullYear();
  if (start.getUTCMonth() === end.getUTCMonth())
    return `${start.getUTCDate()}–${end.getUTCDate()} ${MONTHS[end.getUTCMonth()]} ${y}`;
  return `${start.getUTCDate()} ${MONTHS[start.getUTCMonth()]} – ${end.getUTCDate()} ${MONTHS[end.getUTCMonth()]} ${y}`;
}

const DEMO_TRACKS = (now: Date): (TrackInput & { name: string })[] => {
  const activities = {
    canSubmitPaper: { status: true, deadline: deadlineIn(now, 60) },
    canEditPaper: { status: true, deadline: deadlineIn(now, 75) },
    canSubmitCameraReady: { status: true, deadline: deadlineIn(now, 150) },
    canSubmitPresentationReady: { status: true, deadline: deadlineIn(now, 180) },
  };
  return [
    {
      name: 'Main Track',
      activities,
      submissionProperties: {
        welcomeMessage: 'Submit full papers of up to 12 pages in the conference template.',
        questions: [
          {
            title: 'Is this paper under review at another venue?',
            isRequired: true,
            choices: ['No', 'Yes'],
          },
        ],
      },
      subjectAreas: [
        { name: 'Software Engineering' },
        { name: 'Data Management' },
        { name: 'Human-Computer Interaction' },
      ],
    },
    {
      name: 'Short Papers and Demos',
      activities,
      submissionProperties: { welcomeMessage: 'Short papers of up to 6 pages and tool demonstrations.' },
      subjectAreas: [{ name: 'Tools and Demonstrations' }, { name: 'Work in Progress' }],
    },
    {
      name: 'Doctoral Symposium',
      activities,
      submissionProperties: { abstractLength: 3000, maxFilesLimit: 2 },
      subjectAreas: [{ name: 'Early-Stage Research' }, { name: 'Thesis Proposals' }],
    },
    {
      name: 'Tutorials',
      activities,
      submissionProperties: {
        welcomeMessage: 'Half-day tutorial proposals: goals, audience, outline and the presenters.',
      },
      subjectAreas: [{ name: 'Tutorials' }],
    },
  ];
};

const DEMO_STATUSES = [
  { text: 'Accept', isAccepted: true },
  { text: 'Accept with Revision', isAccepted: true },
  { text: 'Reject', isAccepted: false },
];

/** Useful e-mail templates (acceptance, rejection, camera-ready reminder, review reminder). */
export const DEMO_EMAIL_TEMPLATES = [
  {
    subject: '{{conference.shortName}}: your paper {{paper.id}} has been accepted',
    text:
      'Dear {{recipient.firstName}} {{recipient.lastName}},\n\n' +
      'We are pleased to inform you that your paper {{paper.id}}, "{{paper.title}}", submitted to ' +
      '{{conference.fullName}} ({{paper.track}}), has been accepted.\n\n' +
      '{{paper.reviews}}\n\n' +
      'Please submit the camera-ready version by {{track.cameraReadyDeadline}}: {{link.cameraReady}}\n' +
      // A sentence with the consent link while digital consent signing is on, nothing otherwise.
      '{{consent.instructions}}\n\nCongratulations,',
  },
  {
    subject: '{{conference.shortName}}: decision on your paper {{paper.id}}',
    text:
      'Dear {{recipient.firstName}} {{recipient.lastName}},\n\n' +
      'Thank you for submitting your paper {{paper.id}}, "{{paper.title}}", to {{conference.fullName}}. ' +
      'We regret to inform you that it could not be accepted this year.\n\n' +
      '{{paper.reviews}}\n\n' +
      'The reviews are available at {{link.reviews}}. We hope to see your work at a future edition.\n\nKind regards,',
  },
  {
    subject: 'Reminder: camera-ready version of paper {{paper.id}} due {{reminder.deadline}}',
    text:
      'Dear {{recipient.firstName}},\n\n' +
      'The camera-ready version of your paper {{paper.id}}, "{{paper.title}}", has not been submitted yet. ' +
      'The deadline is {{track.cameraReadyDeadline}}.\n\n' +
      'Please submit it at {{link.cameraReady}}.\n\nThank you,',
  },
  {
    subject: 'Reminder: your review for {{conference.shortName}} is due {{review.due}}',
    text:
      'Dear {{recipient.firstName}},\n\n' +
      'This is a reminder that your review of paper {{paper.id}}, "{{paper.title}}", is due on {{review.due}}.\n\n' +
      'You can find the review request at {{link.reviewRequest}}.\n\nThank you for your help,',
  },
];

/** The conference's own addresses (support). */
export const DEMO_EMAIL_DOMAIN = 'icoss.example';

const STATE_LABELS: Record<PaperState, string> = {
  submitted: 'submitted',
  underReview: 'under review',
  reviewed: 'reviewed',
  accepted: 'accepted',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
};

export interface DemoOptions {
  /** Do nothing (answer null) when the database already has users. Default true. */
  onlyIfEmpty?: boolean;
  now?: Date;
  /** How many papers (default DEMO_DEFAULT_PAPERS). */
  papers?: number;
  /** The random seed: the same seed (and size) gives the same conference. Default DEMO_DEFAULT_SEED. */
  seed?: number | string;
  /**
   * After the data: draw the letter signer's signature, sign a few consent forms and issue letters and an
   * invoice with Chromium (skipped, and said so, when none can start). Default true; 'background' starts
   * them without waiting (the server's start-up) and logs the outcome; application shutdown waits for them.
   */
  documents?: boolean | 'background';
}

/** What the data phase wrote, for the documents that follow and the summary. */
interface Written {
  userIds: number[];
  paperIds: number[];
  /** The demo tracks' ids, in DEMO_TRACKS order. */
  trackIds: number[];
  passwords: Map<number, string>;
}

/**
 * The demo conference: a conference in mid-flight (papers in every state with their reviews, decisions,
 * camera-ready versions, registrations, a published programme with one clash left in the draft, the e-mail
 * history, reminder rules, letters) and one sign-in per role with a generated password. Everything is
 * planned from a seeded random generator (demo-plan.ts), then written through the owning modules' bulk
 * methods in one transaction; the documents that need Chromium follow it.
 */
@Injectable()
export class DemoSeeder implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Demo');
  /** The documents of a demo loaded with documents: 'background', until they are done. */
  private pending: Promise<void> | null = null;

  constructor(
    private readonly users: UsersService,
    private readonly tracks: TracksService,
    private readonly statuses: StatusesService,
    private readonly conference: ConferenceService,
    private readonly emailTemplates: EmailTemplatesService,
    private readonly emailSettings: EmailSettingsService,
    private readonly mailSend: MailSendService,
    private readonly papers: PapersService,
    private readonly registrations: PaperRegistrationsService,
    private readonly consent: PaperConsentService,
    private readonly files: FilesService,
    private readonly reviews: ReviewAssignmentService,
    private readonly programme: ProgrammeService,
    private readonly sessions: SessionsService,
    private readonly programmeView: ProgrammeViewService,
    private readonly reminders: RemindersService,
    private readonly letters: LettersService,
    private readonly letterSettings: LetterSettingsService,
    private readonly signatures: SignatureService,
    private readonly activity: ActivityService,
    private readonly reports: ReportsService,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Loads the demo and returns the lines to print (what was loaded, sign-in addresses, e-mails and
   * passwords). With onlyIfEmpty (the default) it does nothing and returns null when the database already
   * has users.
   */
  async seed(opts: DemoOptions = {}): Promise<string[] | null> {
    const { onlyIfEmpty = true, now = new Date(), documents = true } = opts;
    const papers = opts.papers ?? DEMO_DEFAULT_PAPERS;
    const seed = seedOf(opts.seed ?? DEMO_DEFAULT_SEED);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    if (onlyIfEmpty && (await this.users.count()) > 0) return null;
    const plan = planDemo({ papers, seed, now });
    const planned = performance.now();
    const files = await this.storeFiles(plan);
    this.logger.debug(
      `plan: ${Math.round(planned - t0)} ms, files: ${Math.round(performance.now() - planned)} ms`,
    );
    const keys = [...files.values()].flat().map((f) => f.key);
    let written: Written | null;
    try {
      written = await this.transactions.run(async (tx) => {
        if (onlyIfEmpty && (await this.users.count(tx)) > 0) return null;
        return this.write(plan, files, now, tx);
      });
    } catch (e) {
      await this.files.discard(keys);
      throw e;
    }
    if (!written) {
      await this.files.discard(keys);
      return null;
    }
    const dataSeconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    // the process's CPU (the embedded database's thread included): steadier than the time on a busy machine
    this.logger.debug(
      `data: ${Math.round(dataSeconds * 1000)} ms, CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms`,
    );
    await this.seedReports(plan, written);
    const t1 = performance.now();
    let documentLines: string[] = [];
    if (documents === 'background') {
      const w = written;
      this.pending = this.documents(plan, w).then((lines) => {
        const took = ((performance.now() - t1) / 1000).toFixed(1);
        for (const line of lines) this.logger.log(`${line.trim()} (in the background, ${took} s)`);
      });
      documentLines = [
        '  Documents: letters, an invoice and consent signatures are being issued in the background.',
      ];
    } else if (documents) documentLines = await this.documents(plan, written);
    const docSeconds = (performance.now() - t1) / 1000;
    return this.summary(plan, written, { seed, dataSeconds, docSeconds, documentLines });
  }

  /** Waits for documents still being issued in the background. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.pending;
  }

  // ----- files (before the transaction: the store is not transactional; discarded if it fails)

  private async storeFiles(plan: DemoPlan): Promise<Map<number, NewPaperFile[]>> {
    const out = new Map<number, NewPaperFile[]>();
    const jobs: (() => Promise<void>)[] = [];
    const names = (p: PlannedPaper) =>
      p.authors.map((a) => `${plan.people[a]!.firstName} ${plan.people[a]!.lastName}`).join(', ');
    plan.papers.forEach((p, i) => {
      const list: NewPaperFile[] = [];
      out.set(i, list);
      const slug = asciiSlug(plan.people[p.authors[0]!]!.lastName) || 'paper';
      const add = (
        part: NewPaperFile['part'],
        name: string,
        contentType: string,
        at: Date,
        make: () => Buffer,
      ) =>
        jobs.push(async () => {
          const stored = await this.files.storeBytes(make());
          list.push({ part, name, contentType, createdAt: at, ...stored });
        });
      add('abstract', `${slug}-submission.pdf`, 'application/pdf', p.submittedAt, () =>
        demoPdf(p.title, names(p), p.abstract, 'Submitted version'),
      );
      if (p.cameraReadyAt) {
        add(
          'word',
          `${slug}-camera-ready.docx`,
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          p.cameraReadyAt,
          () => demoDocx(p.title, names(p), p.abstract),
        );
        add('pdf', `${slug}-camera-ready.pdf`, 'application/pdf', p.cameraReadyAt, () =>
          demoPdf(p.title, names(p), p.abstract, 'Camera-ready version'),
        );
      }
      if (p.presentationReadyAt) {
        add(
          'ppt',
          `${slug}-slides.pptx`,
          'application/vnd.openxmlformats-officedocument.presentationml.presentation',
          p.presentationReadyAt,
          () => demoPptx(p.title),
        );
        add('ppt_pdf', `${slug}-slides.pdf`, 'application/pdf', p.presentationReadyAt, () =>
          demoPdf(p.title, names(p), 'Presentation slides.', 'Slides (PDF proof)'),
        );
      }
    });
    // a few writes at a time (each one fsyncs); when one fails, every file written is removed
    let next = 0;
    const workers = await Promise.allSettled(
      Array.from({ length: 8 }, async () => {
        while (next < jobs.length) await jobs[next++]!();
      }),
    );
    const failed = workers.find((w): w is PromiseRejectedResult => w.status === 'rejected');
    if (failed) {
      await this.files.discard([...out.values()].flat().map((f) => f.key));
      throw failed.reason;
    }
    // the abstract first, then the parts in the order written above
    const order = ['abstract', 'word', 'pdf', 'ppt', 'ppt_pdf'];
    for (const list of out.values()) list.sort((a, b) => order.indexOf(a.part) - order.indexOf(b.part));
    return out;
  }

  // ----- the data, in one transaction

  private async write(
    plan: DemoPlan,
    files: Map<number, NewPaperFile[]>,
    now: Date,
    tx: Executor,
  ): Promise<Written> {
    // each part's time, at LOG_LEVEL=debug
    let last = performance.now();
    const took = (part: string) => {
      const t = performance.now();
      this.logger.debug(`${part}: ${Math.round(t - last)} ms`);
      last = t;
    };
    const shortName = await this.seedConference(plan, tx);
    const tracks = await this.seedTracks(now, tx);
    const statuses = await this.seedStatuses(tx);
    await this.emailTemplates.seedIfEmpty(DEMO_EMAIL_TEMPLATES, tx);
    const templates = (await this.emailTemplates.list(tx)).map((t) => t._id);
    await this.emailSettings.updateConference(
      {
        senderName: `${shortName} Programme Chairs`,
        replyTo: `pc@${DEMO_EMAIL_DOMAIN}`,
        signature: `--\n${shortName} Programme Chairs\nhttps://icoss.example.org`,
      },
      tx,
    );
    await this.letterSettings.update(
      {
        signerName: 'Marta Santos',
        signerTitle: `General Chair, ${shortName}`,
        issuerName: 'ICOSS Conference Office, University of Lisbon',
        issuerAddress: 'Faculty of Sciences, Campo Grande, 1749-016 Lisbon, Portugal',
        issuerTaxId: 'PT 501 000 000',
        currency: 'EUR',
        paymentTerms: 'Payment by bank transfer within 30 days. IBAN PT50 0000 0000 0000 0000 0000 0.',
      },
      tx,
    );

    took('conference, tracks, statuses, templates, settings');
    const { userIds, passwords } = await this.seedPeople(plan, tracks, tx);
    took(`${plan.people.length} people`);
    const chairId = userIds[CHAIR]!;
    const chair: AuthUser = {
      id: chairId,
      email: plan.people[CHAIR]!.email,
      roles: { ...emptyRoles(), chair: { is: true } },
    };

    // papers with their authors, files, statuses and flags
    const status = (p: PlannedPaper) =>
      p.decision ? statuses.get(p.decision.toLowerCase())! : statuses.get('awaiting decision')!;
    const newPapers: NewPaper[] = plan.papers.map((p, i) => {
      const track = tracks[p.track]!;
      const questions = resolveQuestions(track.submissionProperties.questions, shortName);
      const presentation = resolveQuestions(presentationQuestionsOf(track), shortName);
      const primary = plan.people[p.primary]!;
      const last = [p.submittedAt, p.withdrawnAt, p.decidedAt, p.cameraReadyAt, p.presentationReadyAt]
        .filter((d): d is Date => d !== undefined)
        .reduce((a, b) => (a > b ? a : b));
      return {
        paper: {
          title: p.title,
          abstractText: p.abstract,
          abstractQuestions: toAnswered(
            questions,
            questions.map((q) => q.choices[0] ?? 'No'),
          ),
          trackId: track._id,
          primarySubjectAreaId: track.subjectAreas[p.area]?._id ?? null,
          primaryAuthorId: userIds[p.primary]!,
          statusId: status(p),
          isDeleted: p.state === 'withdrawn',
          submittedCameraReady: p.cameraReadyAt !== undefined,
          isCameraReady: p.isCameraReady,
          submittedPresentationReady: p.presentationReadyAt !== undefined,
          presentationReadyQuestions: p.presentationReadyAt
            ? toAnswered(presentation, [`${primary.firstName} ${primary.lastName}`, 'In person', 'Slides'])
            : [],
          acceptanceLetterEnabled: p.state === 'accepted',
          invitationLetterEnabled: p.registration !== undefined && p.registration.main.id !== 'Waived',
          certificateEnabled: p.certificateEnabled,
          authorViewReviewEnabled: p.decision !== undefined,
          acceptWithRevisionTimestamp: p.decision === 'Accept with Revision' ? p.decidedAt! : null,
          createdBy: userIds[p.authors[0]!]!,
          createdAt: p.submittedAt,
          updatedAt: last,
        },
        authors: p.authors.map((a) => userIds[a]!),
        files: files.get(i) ?? [],
      };
    });
    const rows = await this.papers.insertMany(newPapers, tx);
    const paperIds = rows.map((r) => r.id);
    took(`${rows.length} papers`);

    await this.registrations.recordMany(
      plan.papers.flatMap((p, i) =>
        p.registration
          ? [
              {
                paperId: paperIds[i]!,
                main: { ...p.registration.main, author: userIds[p.registration.main.author]! },
                others: p.registration.others.map((o) => ({ ...o, author: userIds[o.author]! })),
              },
            ]
          : [],
      ),
      tx,
    );

    took('registrations');
    // review requests, reviews and their invitations
    await this.reviews.recordMany(
      plan.requests.map((r): RecordedRequest => ({
        paperId: paperIds[r.paper]!,
        reviewerId: userIds[r.reviewer]!,
        state: r.state,
        invitedAt: r.invitedAt,
        respondedAt: r.respondedAt,
        review: r.review && {
          input: {
            quality: r.review.quality,
            contribution: r.review.contribution,
            originality: r.review.originality,
            final: r.review.final,
            comments: { author: r.review.commentsAuthor, chair: r.review.commentsChair },
          },
          draft: r.review.draft,
          at: r.review.at,
        },
        createdBy: chairId,
      })),
      { invitations: { response: NOT_SENT } },
      tx,
    );

    // the decision e-mails and a camera-ready reminder, as the chair sent them
    took(`${plan.requests.length} review requests`);
    await this.seedMailSends(plan, tracks, userIds, paperIds, templates, chairId, now, tx);
    took('decision e-mails');

    // the programme: rooms, days and events, sessions, version 1 published, then a late session in the draft
    await this.sessions.setTutorialTrack(tracks[TUTORIALS]!._id, tx);
    await this.seedProgramme(plan, userIds, paperIds, chair, tx);
    took('programme');

    // reminder rules, paused: a chair resumes them from the Reminders screen
    await this.reminders.create(
      {
        name: 'Camera-ready reminder',
        kind: 'cameraReadyNotSubmitted',
        offsets: [14, 3],
        templateId: templates[2]!,
        trackIds: [],
        enabled: false,
      },
      tx,
    );
    await this.reminders.create(
      {
        name: 'Overdue reviews',
        kind: 'reviewNotSubmitted',
        offsets: [3, 1],
        templateId: templates[3]!,
        trackIds: [],
        enabled: false,
      },
      tx,
    );

    await this.activity.recordMany(this.history(plan, userIds, paperIds, chairId, statuses), tx);
    took('reminder rules, activity log');
    return { userIds, paperIds, trackIds: tracks.map((t) => t._id), passwords };
  }

  private async seedConference(plan: DemoPlan, tx: Executor): Promise<string> {
    const existing = await this.conference.get(undefined, tx);
    if (existing.dates) return existing.shortName; // already configured
    const start = plan.conferenceStart;
    const year = new Date(start.getTime() + 2 * DAY_MS).getUTCFullYear();
    const shortName = `ICOSS ${year}`;
    await this.conference.update(
      1,
      {
        shortName,
        fullName: `International Conference on Open Software Systems ${year}`,
        externalURL: 'https://icoss.example.org',
        dates: conferenceDates(start),
        city: 'Lisbon',
        country: 'Portugal',
        copyright: `© ${year} ICOSS`,
        support: `support@${DEMO_EMAIL_DOMAIN}`,
        hotel: 'Hotel Avenida, Avenida da Liberdade 123, Lisbon',
        address: 'Faculty of Sciences, Campo Grande, 1749-016 Lisbon, Portugal',
        timeZone: 'Europe/Lisbon',
        authorView: { viewConferenceTrackStatus: true },
        digitalConsentSigning: true,
        publishingAgreementHtml:
          '<p>By signing, the authors grant the publisher the right to publish the paper in the conference proceedings.</p>',
        programTable: programTable(plan),
      },
      {},
      tx,
    );
    return shortName;
  }

  /** Creates the demo tracks unless there are tracks already; the tracks by position. */
  private async seedTracks(now: Date, tx: Executor): Promise<TrackDto[]> {
    if (!(await this.tracks.listIds(tx)).length)
      for (const track of DEMO_TRACKS(now)) await this.tracks.create(track, tx);
    return this.tracks.list(null, tx);
  }

  /** The demo statuses (those missing); every status id by lower-case text. */
  private async seedStatuses(tx: Executor): Promise<Map<string, number>> {
    const texts = new Set((await this.statuses.list(tx)).map((s) => s.text.toLowerCase()));
    for (const s of DEMO_STATUSES) if (!texts.has(s.text.toLowerCase())) await this.statuses.create(s, tx);
    const all = await this.statuses.list(tx);
    const out = new Map(all.map((s) => [s.text.toLowerCase(), s._id]));
    out.set('awaiting decision', (await this.statuses.getDefault(tx))._id);
    return out;
  }

  /** Every person of the plan (the demo sign-ins with a generated password); user ids by plan index. */
  private async seedPeople(
    plan: DemoPlan,
    tracks: TrackDto[],
    tx: Executor,
  ): Promise<{ userIds: number[]; passwords: Map<number, string> }> {
    const trackIds = (indexes: number[] | undefined) => (indexes ?? []).map((t) => tracks[t]!._id);
    const existing = new Map(
      (
        await this.users.findByEmails(
          plan.people.map((p) => p.email),
          tx,
        )
      ).map((u) => [u.email, u.id]),
    );
    const passwords = new Map<number, string>();
    const fresh = plan.people.flatMap((p, i) => {
      if (existing.has(p.email)) return [];
      const a = p.account === null ? undefined : DEMO_ACCOUNTS[p.account]!;
      const roles: UserRoles = {
        ...emptyRoles(),
        chair: { is: a?.chair === true },
        coChair: { is: !!a?.coChairTracks?.length, tracks: trackIds(a?.coChairTracks) },
        reviewer: { is: p.reviewerTracks.length > 0, tracks: trackIds(p.reviewerTracks), count: 0 },
      };
      const password = a ? generatePassword(randomInt) : undefined;
      if (password) passwords.set(i, password);
      const { reviewerTracks: _t, account: _a, ...person } = p;
      return [{ index: i, input: { ...person, password, roles } }];
    });
    const created = await this.users.createMany(
      fresh.map((f) => f.input),
      'author',
      tx,
    );
    const ids = new Map(fresh.map((f, k) => [f.index, created[k]!.id]));
    const userIds = plan.people.map((p, i) => ids.get(i) ?? existing.get(p.email)!);
    return { userIds, passwords };
  }

  private async seedMailSends(
    plan: DemoPlan,
    tracks: TrackDto[],
    userIds: number[],
    paperIds: number[],
    templates: number[],
    chairId: number,
    now: Date,
    tx: Executor,
  ): Promise<void> {
    const decidedAt = plan.papers
      .flatMap((p) => (p.decidedAt ? [p.decidedAt.getTime()] : []))
      .reduce((a, b) => Math.max(a, b), 0);
    const messages = (pred: (p: PlannedPaper) => boolean, who: 'authors' | 'primary') =>
      plan.papers.flatMap((p, i) =>
        pred(p)
          ? (who === 'authors' ? p.authors : [p.primary]).map((a) => ({
              userId: userIds[a]!,
              paperId: paperIds[i]!,
              deadline: cameraReadyDeadline(tracks[p.track]),
            }))
          : [],
      );
    const sends: {
      template: number;
      who: 'authors' | 'primary';
      pred: (p: PlannedPaper) => boolean;
      at: Date;
    }[] = [
      {
        template: templates[0]!,
        who: 'authors',
        pred: (p) => p.state === 'accepted',
        at: new Date(decidedAt + 60 * 60 * 1000),
      },
      {
        template: templates[1]!,
        who: 'authors',
        pred: (p) => p.state === 'rejected',
        at: new Date(decidedAt + 65 * 60 * 1000),
      },
      {
        template: templates[2]!,
        who: 'primary',
        pred: (p) => p.state === 'accepted' && p.cameraReadyAt === undefined,
        at: new Date(now.getTime() - 5 * DAY_MS),
      },
    ];
    for (const [k, s] of sends.entries()) {
      const list = messages(s.pred, s.who);
      if (!decidedAt || !list.length) continue;
      await this.mailSend.recordSend(
        { id: chairId },
        'chair',
        {
          templateId: s.template,
          recipients: { kind: 'papers', who: s.who === 'primary' ? 'primaryAuthor' : 'authors' },
          messages: list,
          at: s.at,
          idempotencyKey: `demo-${k + 1}`,
          response: NOT_SENT,
        },
        tx,
      );
    }
  }

  private async seedProgramme(
    plan: DemoPlan,
    userIds: number[],
    paperIds: number[],
    chair: AuthUser,
    tx: Executor,
  ): Promise<void> {
    if (!plan.sessions.length) return;
    const rooms: number[] = [];
    for (const r of plan.rooms) rooms.push((await this.programme.createRoom(r, tx))._id);
    const events = new Map<PlannedEvent, number>();
    for (const day of plan.days) {
      const created = await this.programme.createDay({ date: formatDayDate(day.date), desk: day.desk }, tx);
      for (const e of day.events) events.set(e, (await this.programme.createEvent(created._id, e, tx))._id);
    }
    const item = (s: PlannedSession) => ({
      kind: s.kind,
      number: s.number,
      eventId: s.event ? events.get(s.event)! : null,
      input:
        s.kind === 'technical'
          ? {
              title: s.title,
              responsables: s.chairs.map((c) => userIds[c]!),
              room: rooms[s.room]!,
              papers: s.papers.map((p) => paperIds[p]!),
            }
          : s.kind === 'tutorial'
            ? { room: rooms[s.room]!, paper: paperIds[s.papers[0]!]!, presenter: userIds[s.presenter!]! }
            : { room: rooms[s.room]!, paper: paperIds[s.papers[0]!]! },
    });
    await this.sessions.createMany(tx, plan.sessions.map(item));
    await this.programmeView.publish(chair, {
      ex: tx,
      at: plan.publishedAt,
      recordNotices: { response: NOT_SENT },
    });
    if (plan.lateSession) await this.sessions.createMany(tx, [item(plan.lateSession)]);
  }

  /** The activity log of what the plan says happened, each entry at its time. */
  private history(
    plan: DemoPlan,
    userIds: number[],
    paperIds: number[],
    chairId: number,
    statuses: Map<string, number>,
  ): (ActivityEntry & { at: Date })[] {
    const out: (ActivityEntry & { at: Date })[] = [];
    plan.papers.forEach((p, i) => {
      const id = paperIds[i]!;
      const base = { paperId: id, details: {} };
      const author = userIds[p.authors[0]!]!;
      out.push({
        ...base,
        actorId: author,
        action: 'paper.submit',
        summary: `Submitted paper ${id} '${p.title}'`,
        at: p.submittedAt,
      });
      if (p.withdrawnAt)
        out.push({
          ...base,
          actorId: author,
          action: 'paper.withdraw',
          summary: `Withdrew paper ${id} '${p.title}'`,
          at: p.withdrawnAt,
        });
      if (p.decision && p.decidedAt)
        out.push({
          ...base,
          actorId: chairId,
          action: 'paper.decision',
          summary: `Set the status of paper ${id} '${p.title}' to '${p.decision}'`,
          details: { fields: ['statusId'], statusId: statuses.get(p.decision.toLowerCase()) },
          at: p.decidedAt,
        });
      if (p.cameraReadyAt)
        out.push({
          ...base,
          actorId: userIds[p.primary]!,
          action: 'paper.cameraReady',
          summary: `Submitted the camera-ready version of paper ${id} '${p.title}'`,
          at: p.cameraReadyAt,
        });
      if (p.presentationReadyAt)
        out.push({
          ...base,
          actorId: userIds[p.primary]!,
          action: 'paper.presentationReady',
          summary: `Submitted the presentation-ready version of paper ${id} '${p.title}'`,
          at: p.presentationReadyAt,
        });
    });
    for (const r of plan.requests) {
      const id = paperIds[r.paper]!;
      const p = plan.papers[r.paper]!;
      const reviewer = plan.people[r.reviewer]!;
      out.push({
        actorId: chairId,
        action: 'review.assign',
        summary: `Assigned ${reviewer.firstName} ${reviewer.lastName} to review paper ${id} '${p.title}'`,
        subjectId: userIds[r.reviewer]!,
        paperId: id,
        at: r.invitedAt,
      });
      if (r.review && !r.review.draft)
        out.push({
          actorId: userIds[r.reviewer]!,
          action: 'review.submit',
          summary: `Submitted a review of paper ${id} '${p.title}'`,
          paperId: id,
          at: r.review.at,
        });
    }
    const registered = plan.papers.filter((p) => p.registration).length;
    if (registered)
      out.push({
        actorId: chairId,
        action: 'import.registrations',
        summary: `Imported ${registered} registration${registered === 1 ? '' : 's'} for ${registered} paper${registered === 1 ? '' : 's'}`,
        at: new Date(plan.publishedAt.getTime() - DAY_MS),
      });
    return out.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /**
   * The reports a chair would have generated by now (after the data is committed: a report reads it in its own
   * transaction): the chair's paper and user reports of every track, the track chair's paper report of theirs.
   */
  private async seedReports(plan: DemoPlan, w: Written): Promise<void> {
    const chair: AuthUser = {
      id: w.userIds[CHAIR]!,
      email: plan.people[CHAIR]!.email,
      roles: { ...emptyRoles(), chair: { is: true } },
    };
    const coChairTracks = (DEMO_ACCOUNTS[TRACK_CHAIR]!.coChairTracks ?? []).map((i) => w.trackIds[i]!);
    const trackChair: AuthUser = {
      id: w.userIds[TRACK_CHAIR]!,
      email: plan.people[TRACK_CHAIR]!.email,
      roles: { ...emptyRoles(), coChair: { is: true, tracks: coChairTracks } },
    };
    try {
      await this.reports.generate({ category: 'User' }, null, chair);
      await this.reports.generate({ category: 'Paper' }, null, chair);
      await this.reports.generate({ category: 'Paper' }, coChairTracks, trackChair);
    } catch (e) {
      this.logger.warn(`The demo reports could not be generated: ${(e as Error).message}`);
    }
  }

  // ----- documents (Chromium), after the data is committed

  private async documents(plan: DemoPlan, w: Written): Promise<string[]> {
    const lenaPaper = plan.papers[0]?.state === 'accepted' ? w.paperIds[0] : undefined;
    const chair: AuthUser = {
      id: w.userIds[CHAIR]!,
      email: plan.people[CHAIR]!.email,
      roles: { ...emptyRoles(), chair: { is: true } },
    };
    let letters = 0;
    let consents = 0;
    try {
      const drawn = await this.signatures.render('Marta Santos');
      await this.letterSettings.setSignature({
        buffer: drawn.jpeg,
        size: drawn.jpeg.length,
        mimetype: 'image/jpeg',
      });
      // consent forms signed by the primary authors of a few accepted papers (the demo author's is left to try)
      const signers = plan.papers
        .map((p, i) => ({ p, i }))
        .filter(({ p, i }) => i !== 0 && p.state === 'accepted')
        .slice(0, 3);
      for (const { p, i } of signers) {
        const person = plan.people[p.primary]!;
        await this.consent.sign(
          { id: w.userIds[p.primary]!, email: person.email, roles: emptyRoles() },
          w.paperIds[i]!,
          `${person.firstName} ${person.lastName}`,
        );
        consents++;
      }
      if (lenaPaper !== undefined) {
        const author = w.userIds[AUTHOR]!;
        for (const kind of ['acceptance', 'invitation', 'certificate'] as const) {
          await this.letters.issueLetterFor(chair, null, lenaPaper, { kind, author });
          letters++;
        }
        await this.letters.issueBillingFor(chair, null, lenaPaper, 'invoice');
        letters++;
      }
      return [
        `  Documents: ${letters} issued (acceptance, invitation and certificate letters and an invoice of paper ${lenaPaper ?? '-'}), ${consents} consent forms signed.`,
      ];
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return [
        `  Documents: ${letters} issued, ${consents} consent forms signed; the rest skipped (${why}). ` +
          'Letters and consent signatures need Chromium; everything else of the demo is loaded.',
      ];
    }
  }

  // ----- what to print

  private summary(
    plan: DemoPlan,
    w: Written,
    t: { seed: number; dataSeconds: number; docSeconds: number; documentLines: string[] },
  ): string[] {
    const url = this.config.publicUrl;
    const states = PAPER_STATES.map(
      (s) => `${plan.papers.filter((p) => p.state === s).length} ${STATE_LABELS[s]}`,
    ).join(', ');
    const reviews = plan.requests.filter((r) => r.review && !r.review.draft).length;
    const technical = plan.sessions.filter((s) => s.kind === 'technical').length;
    const posters = plan.sessions.length - technical;
    const accounts = [...w.passwords].map(([i, password]) => {
      const a = DEMO_ACCOUNTS[plan.people[i]!.account!]!;
      return { label: a.label, email: plan.people[i]!.email, password, app: a.app };
    });
    const width = Math.max(...accounts.map((a) => a.email.length));
    const labelWidth = Math.max(...accounts.map((a) => a.label.length));
    return [
      `Demo conference loaded in ${t.dataSeconds.toFixed(1)} s (seed ${t.seed}${t.documentLines.length && t.docSeconds >= 0.05 ? `; documents ${t.docSeconds.toFixed(1)} s` : ''}):`,
      `  ${count(plan.papers.length, 'paper')}: ${states}.`,
      `  ${count(plan.requests.length, 'review request')}, ${count(reviews, 'review')} submitted; a published ` +
        `programme of ${count(technical, 'technical session')} and ${count(posters, 'poster')}` +
        `${plan.lateSession ? ', and one clash left in the draft to resolve' : ''}.`,
      ...t.documentLines,
      'Sign in with these generated passwords (shown only now):',
      `  Author app (authors, reviewers, session chairs): ${url}/`,
      `  Chair console (chairs, track chairs):            ${url}/chair/`,
      ...accounts.map(
        (a) =>
          `  ${a.label.padEnd(labelWidth)} ${a.email.padEnd(width)}  ${a.password}   (${a.app === 'chair' ? `${url}/chair/` : `${url}/`})`,
      ),
    ];
  }
}

/** '1 paper', '3 papers'. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const cameraReadyDeadline = (track: TrackDto | undefined): Date | null => {
  const d = track?.activities.canSubmitCameraReady.deadline;
  return d ? new Date(d) : null;
};

/** The programme table shown to authors and session chairs: the days at a glance. */
function programTable(plan: DemoPlan): string {
  const rows = plan.days
    .map((d) => {
      const kinds = d.events
        .map((e) =>
          e.type === 'TechnicalSession'
            ? `${e.start} paper sessions`
            : e.type === 'PosterSession'
              ? `${e.start} posters`
              : e.type === 'KeynoteSession'
                ? `${e.start} keynote`
                : `${e.start} ${e.description.toLowerCase()}`,
        )
        .join(' · ');
      return `<tr><td>${formatDayDate(d.date)}</td><td>${kinds}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Day</th><th>Programme</th></tr></thead><tbody>${rows}</tbody></table>`;
}
