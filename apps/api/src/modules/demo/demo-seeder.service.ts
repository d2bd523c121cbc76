import { Inject, Injectable } from '@nestjs/common';
import { emptyRoles, generatePassword, type UserRoles } from '@symposium/domain';
import { randomInt } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { ConferenceService } from '../conference/conference.service.js';
import { EmailTemplatesService } from '../mail/email-templates.service.js';
import { StatusesService } from '../tracks/statuses.service.js';
import { TracksService, type TrackInput } from '../tracks/tracks.service.js';
import { UsersService } from '../users/users.service.js';

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
  ];
};

const DEMO_STATUSES = [
  { text: 'Accept', isAccepted: true },
  { text: 'Accept with Revision', isAccepted: true },
  { text: 'Reject', isAccepted: false },
];

interface DemoAccount {
  label: string;
  key: string;
  firstName: string;
  lastName: string;
  organization: string;
  /** Each demo person's own organisation and e-mail domain (RFC 2606 '.example'), so that conflict
   * detection sees five institutions, not one. */
  domain: string;
  country: string;
  app: 'author' | 'chair';
  roles: (tracks: number[]) => UserRoles;
}

const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    label: 'Chair',
    key: 'chair',
    domain: 'ulisboa.example',
    firstName: 'Marta',
    lastName: 'Santos',
    organization: 'University of Lisbon',
    country: 'Portugal',
    app: 'chair',
    roles: () => ({ ...emptyRoles(), chair: { is: true } }),
  },
  {
    label: 'Track chair',
    key: 'trackchair',
    domain: 'kth.example',
    firstName: 'Jonas',
    lastName: 'Berg',
    organization: 'KTH Royal Institute of Technology',
    country: 'Sweden',
    app: 'chair',
    roles: (t) => ({ ...emptyRoles(), coChair: { is: true, tracks: t.slice(0, 2) } }),
  },
  {
    label: 'Reviewer',
    key: 'reviewer',
    domain: 'ed.example',
    firstName: 'Aisha',
    lastName: 'Rahman',
    organization: 'University of Edinburgh',
    country: 'United Kingdom',
    app: 'author',
    roles: (t) => ({ ...emptyRoles(), reviewer: { is: true, tracks: t.slice(0, 2), count: 0 } }),
  },
  {
    label: 'Session chair',
    key: 'sessionchair',
    domain: 'up.example',
    firstName: 'Tomás',
    lastName: 'Ferreira',
    organization: 'University of Porto',
    country: 'Portugal',
    app: 'author',
    roles: () => ({ ...emptyRoles(), sessionChair: { sessions: [1] } }),
  },
  {
    label: 'Author',
    key: 'author',
    domain: 'tum.example',
    firstName: 'Lena',
    lastName: 'Fischer',
    organization: 'TU Munich',
    country: 'Germany',
    app: 'author',
    roles: () => emptyRoles(),
  },
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

/**
 * The demo conference: conference information, three tracks with subject areas and future deadlines, the
 * usual statuses, and one account per role with a generated password. Runs in one transaction.
 */
@Injectable()
export class DemoSeeder {
  constructor(
    private readonly users: UsersService,
    private readonly tracks: TracksService,
    private readonly statuses: StatusesService,
    private readonly conference: ConferenceService,
    private readonly emailTemplates: EmailTemplatesService,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Loads the demo and returns the lines to print (sign-in addresses, e-mails and passwords). With
   * onlyIfEmpty (the default) it does nothing and returns null when the database already has users.
   */
  async seed(opts: { onlyIfEmpty?: boolean; now?: Date } = {}): Promise<string[] | null> {
    const { onlyIfEmpty = true, now = new Date() } = opts;
    return this.transactions.run(async (tx) => {
      if (onlyIfEmpty && (await this.users.count(tx)) > 0) return null;
      await this.seedConference(now, tx);
      const trackIds = await this.seedTracks(now, tx);
      await this.seedStatuses(tx);
      await this.emailTemplates.seedIfEmpty(DEMO_EMAIL_TEMPLATES, tx);
      const accounts = await this.seedAccounts(trackIds, tx);
      const url = this.config.publicUrl;
      const width = Math.max(...accounts.map((a) => a.email.length));
      return [
        'Demo conference loaded. Sign in with these generated passwords (shown only now):',
        `  Author app (authors, reviewers, session chairs): ${url}/`,
        `  Chair console (chairs, track chairs):            ${url}/chair/`,
        ...accounts.map(
          (a) =>
            `  ${a.label.padEnd(14)} ${a.email.padEnd(width)}  ${a.password}   (${a.app === 'chair' ? `${url}/chair/` : `${url}/`})`,
        ),
      ];
    });
  }

  private async seedConference(now: Date, tx: Executor): Promise<void> {
    if ((await this.conference.get(undefined, tx)).dates) return; // already configured
    const start = new Date(now.getTime() + 210 * DAY_MS);
    const year = new Date(start.getTime() + 2 * DAY_MS).getUTCFullYear();
    await this.conference.update(
      1,
      {
        shortName: `ICOSS ${year}`,
        fullName: `International Conference on Open Software Systems ${year}`,
        externalURL: 'https://icoss.example.org',
        dates: conferenceDates(start),
        city: 'Lisbon',
        country: 'Portugal',
        copyright: `© ${year} ICOSS`,
        support: `support@${DEMO_EMAIL_DOMAIN}`,
        hotel: 'Hotel Avenida, Avenida da Liberdade 123, Lisbon',
        address: 'Faculty of Sciences, Campo Grande, 1749-016 Lisbon, Portugal',
        authorView: { viewConferenceTrackStatus: true },
        publishingAgreementHtml:
          '<p>By signing, the authors grant the publisher the right to publish the paper in the conference proceedings.</p>',
      },
      {},
      tx,
    );
  }

  /** Creates the demo tracks unless there are tracks already; returns the track ids by position. */
  private async seedTracks(now: Date, tx: Executor): Promise<number[]> {
    const existing = await this.tracks.listIds(tx);
    if (existing.length) return existing;
    const ids: number[] = [];
    for (const track of DEMO_TRACKS(now)) ids.push((await this.tracks.create(track, tx))._id);
    return ids;
  }

  private async seedStatuses(tx: Executor): Promise<void> {
    const texts = new Set((await this.statuses.list(tx)).map((s) => s.text.toLowerCase()));
    for (const s of DEMO_STATUSES) if (!texts.has(s.text.toLowerCase())) await this.statuses.create(s, tx);
  }

  private async seedAccounts(
    trackIds: number[],
    tx: Executor,
  ): Promise<{ label: string; email: string; password: string; app: 'author' | 'chair' }[]> {
    const out: { label: string; email: string; password: string; app: 'author' | 'chair' }[] = [];
    for (const a of DEMO_ACCOUNTS) {
      const email = `${a.key}@${a.domain}`;
      if (await this.users.findByEmail(email, tx)) continue;
      const password = generatePassword(randomInt);
      await this.users.create(
        {
          firstName: a.firstName,
          lastName: a.lastName,
          email,
          alternateEmail: `${a.key}.alternate@${a.domain}`,
          organization: a.organization,
          country: a.country,
          phone: '+351 210 000 000',
          password,
          roles: a.roles(trackIds),
        },
        'author',
        tx,
      );
      out.push({ label: a.label, email, password, app: a.app });
    }
    return out;
  }
}
