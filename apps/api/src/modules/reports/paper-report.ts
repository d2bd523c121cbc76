import {
  DOCUMENT_LABELS,
  type DocumentKind,
  type ReconciliationList,
  type ReportCount,
  type ReportTable,
} from '@symposium/domain';
import type {
  ProgressRow,
  RegistrationRow,
  ReportFiguresRead,
  ReportScope,
  ReviewerLoadRow,
  TrackDecisionRow,
} from '../../reads/report-figures.read.js';

/** The paper report's figures, read in one pass by `ReportsService.paperReport`. */
export interface PaperFigures {
  byTrack: TrackDecisionRow[];
  byStatus: ReportCount[];
  progress: ProgressRow;
  load: ReviewerLoadRow[];
  registrations: RegistrationRow[];
}

type Figure<K extends keyof ReportFiguresRead> = ReportFiguresRead[K] extends (
  ...args: never[]
) => Promise<infer R>
  ? R
  : never;

/** The rows the reconciliation lists are made of. */
export interface ReconciliationFigures {
  notRegistered: Figure<'acceptedNotRegistered'>;
  presenters: Figure<'scheduledPresenterNotRegistered'>;
  chairs: Figure<'sessionChairNotRegistered'>;
  letters: Figure<'lettersNotDownloaded'>;
}

const percent = (part: number, whole: number): string =>
  whole ? `${Math.round((part / whole) * 1000) / 10}%` : '–';
const money = (n: number): number => Math.round(n * 100) / 100;
const total = <T>(rows: T[], of: (row: T) => number): number => rows.reduce((n, r) => n + of(r), 0);

/** The count series the report's charts draw. */
export function paperCounts({ byTrack, byStatus, progress, load, registrations }: PaperFigures) {
  const ready = (submitted: number, approved: number): ReportCount[] => [
    { label: 'Approved', count: approved },
    { label: 'Submitted, not approved', count: Math.max(0, submitted - approved) },
    { label: 'Missing', count: Math.max(0, progress.accepted - submitted) },
  ];
  const counts: Record<string, ReportCount[]> = {
    papersByTrack: byTrack.map((r) => ({ label: r.track, count: r.total })),
    papersByStatus: byStatus,
    papersByDecision: [
      { label: 'Accepted', count: total(byTrack, (r) => r.accepted) },
      { label: 'Rejected', count: total(byTrack, (r) => r.rejected) },
      { label: 'Pending', count: total(byTrack, (r) => r.pending) },
    ],
    cameraReady: ready(progress.crSubmitted, progress.crApproved),
    presentationReady: ready(progress.prSubmitted, progress.prApproved),
    reviewRequestsByState: [
      { label: 'Waiting', count: total(load, (r) => r.waiting) },
      { label: 'Accepted, not reviewed', count: total(load, (r) => Math.max(0, r.accepted - r.submitted)) },
      { label: 'Reviewed', count: total(load, (r) => r.submitted) },
      { label: 'Declined', count: total(load, (r) => r.declined) },
    ],
    registeredPapersByTrack: registrations.map((r) => ({ label: r.track, count: r.registered })),
  };
  return counts;
}

/** The report's tables: acceptance per track, ready progress, reviewer load, registrations. */
export function paperTables({ byTrack, progress, load, registrations }: PaperFigures): ReportTable[] {
  const readyRow = (part: string, submitted: number, approved: number) => [
    part,
    progress.accepted,
    submitted,
    approved,
    Math.max(0, progress.accepted - submitted),
  ];
  const registrationRow = (
    label: string,
    r: Omit<RegistrationRow, 'track'>,
    totalAmount = r.mainAmount + r.otherAmount,
  ) => [
    label,
    r.papers,
    r.registered,
    money(r.mainAmount),
    r.otherCount,
    money(r.otherAmount),
    money(totalAmount),
  ];
  return [
    {
      title: 'Acceptance rate per track',
      columns: ['Track', 'Papers', 'Accepted', 'Rejected', 'Pending', 'Acceptance rate', 'Rate of decided'],
      rows: byTrack.map((r) => [
        r.track,
        r.total,
        r.accepted,
        r.rejected,
        r.pending,
        percent(r.accepted, r.total),
        percent(r.accepted, r.accepted + r.rejected),
      ]),
    },
    {
      title: 'Camera-ready and presentation-ready progress',
      columns: ['Part', 'Accepted papers', 'Submitted', 'Approved', 'Missing'],
      rows: [
        readyRow('Camera-ready', progress.crSubmitted, progress.crApproved),
        readyRow('Presentation-ready', progress.prSubmitted, progress.prApproved),
      ],
    },
    {
      title: 'Reviewer load and completion',
      columns: [
        'Reviewer',
        'E-mail',
        'Requests',
        'Accepted',
        'Declined',
        'Waiting',
        'Submitted',
        'Completion',
      ],
      rows: load.map((r) => [
        r.name,
        r.email,
        r.requests,
        r.accepted,
        r.declined,
        r.waiting,
        r.submitted,
        percent(r.submitted, r.accepted),
      ]),
    },
    {
      title: 'Registrations and amounts by track',
      columns: [
        'Track',
        'Papers',
        'Registered papers',
        'Main amount',
        'Other registrations',
        'Other amount',
        'Total amount',
      ],
      rows: [
        ...registrations.map((r) => registrationRow(r.track, r)),
        registrationRow(
          'Total',
          {
            papers: total(registrations, (r) => r.papers),
            registered: total(registrations, (r) => r.registered),
            mainAmount: total(registrations, (r) => r.mainAmount),
            otherCount: total(registrations, (r) => r.otherCount),
            otherAmount: total(registrations, (r) => r.otherAmount),
          },
          total(registrations, (r) => r.mainAmount + r.otherAmount),
        ),
      ],
    },
  ];
}

/** What is still to fix before the conference, each item with the screen that fixes it. */
export function reconciliationLists(
  scope: ReportScope,
  { notRegistered, presenters, chairs, letters }: ReconciliationFigures,
): ReconciliationList[] {
  const paperLabel = (p: { id: number; title: string }) => `#${p.id} ${p.title}`;
  return [
    {
      key: 'acceptedNotRegistered',
      title: 'Accepted papers without a registration of their own',
      items: notRegistered.map((p) => ({
        label: paperLabel(p),
        fixPath: `/EditPaperRegistration/${p.id}`,
        paperId: p.id,
      })),
    },
    {
      key: 'scheduledPresenterNotRegistered',
      title: 'Scheduled papers whose presenter is not registered',
      items: presenters.map((p) => ({
        label: `${paperLabel(p)} — presenter: ${p.presenter || 'none'}`,
        fixPath: `/EditPaperRegistration/${p.id}`,
        paperId: p.id,
        ...(p.presenterId === null ? {} : { userId: p.presenterId }),
      })),
    },
    {
      key: 'sessionChairNotRegistered',
      title: 'Sessions whose chair is not registered',
      items: chairs.map((c) => ({
        label: `Session ${c.number} ${c.title} — chair: ${c.name}`,
        // the contact page is the chairs'; track chairs look the person up in the users list
        fixPath: scope === null ? `/EditContactInformation/${c.userId}` : '/ViewUsers',
        sessionId: c.sessionId,
        userId: c.userId,
      })),
    },
    {
      key: 'lettersNotDownloaded',
      title: 'Enabled letters not yet downloaded',
      items: letters.map((l) => ({
        label: `${paperLabel(l)} — ${DOCUMENT_LABELS[l.kind as DocumentKind] ?? l.kind}`,
        fixPath: `/EditPaperDownloadLetter/${l.id}`,
        paperId: l.id,
      })),
    },
  ];
}
