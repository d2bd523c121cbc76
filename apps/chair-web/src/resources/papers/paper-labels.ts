import type {
  BulkEditParam,
  ChairPaperDto,
  PaperFilter,
  PaperFilterName,
  PaperFilePart,
  StatusDto,
  TrackDto,
} from '@symposium/domain';

/** What each /BulkEdit param changes, as the screens name it. */
export const BULK_PARAM_LABELS: Record<BulkEditParam, string> = {
  paper: 'Track',
  status: 'Status',
  cameraReady: 'Camera-ready submitted',
  presentationReady: 'Presentation-ready submitted',
  notes: 'Notes',
  acceptanceLetterEnabled: 'Acceptance letter enabled',
  authorViewReviewEnabled: 'Authors can view reviews',
  delete: 'Deleted',
  'cameraReady.status': 'Camera-ready approved',
};

const FILTER_LABELS: Record<PaperFilterName, string> = {
  track: 'Track',
  isDeleted: 'Deleted',
  hasSession: 'In a session',
  status: 'Status',
  paperStatus: 'Decision',
  submittedCameraReady: 'Camera-ready submitted',
  submittedPresentationReady: 'Presentation-ready submitted',
  isCameraReady: 'Camera-ready approved',
  isPresentationReady: 'Presentation-ready approved',
  isRegistered: 'Registered',
  updatedAt: 'Last modified',
  checkProblems: 'Format problems',
  hasDuplicates: 'Possible duplicates',
};

const PAPER_STATUS_LABELS: Record<string, string> = {
  accepted: 'Accepted',
  notAccepted: 'Not accepted',
  undecided: 'Undecided',
};

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '…');

/** A filter in words, e.g. "Track: Security" or "Camera-ready submitted: yes". */
export function describeFilter(f: PaperFilter, tracks: TrackDto[], statuses: StatusDto[]): string {
  const label = FILTER_LABELS[f.name] ?? f.name;
  const v = f.value;
  if (f.name === 'updatedAt' && v && typeof v === 'object' && !Array.isArray(v))
    return `${label}: ${day(v.from)} – ${day(v.to)}`;
  if (f.name === 'track' || f.name === 'status') {
    const ids = Array.isArray(v) ? v : [v];
    const names = ids.map((id) =>
      f.name === 'track'
        ? (tracks.find((t) => t._id === id)?.name ?? `#${String(id)}`)
        : (statuses.find((s) => s._id === id)?.text ?? `#${String(id)}`),
    );
    return `${label}: ${names.join(', ')}`;
  }
  if (f.name === 'paperStatus') return `${label}: ${PAPER_STATUS_LABELS[String(v)] ?? String(v)}`;
  if (typeof v === 'boolean') return `${label}: ${v ? 'yes' : 'no'}`;
  return `${label}: ${JSON.stringify(v)}`;
}

/** The primary author's name, else the first author's. */
export function primaryAuthorName(p: Pick<ChairPaperDto, 'authors' | 'primaryAuthor'>): string {
  const a = p.authors.find((x) => x._id === p.primaryAuthor) ?? p.authors[0];
  return a ? `${a.firstName} ${a.lastName}` : '';
}

export const authorNames = (p: Pick<ChairPaperDto, 'authors'>) =>
  p.authors.map((a) => `${a.firstName} ${a.lastName}`).join(', ');

export const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** Human names of the file parts on the chair screens. */
export const PART_TITLES: Record<PaperFilePart, string> = {
  abstract: 'Submission files',
  word: 'Camera-ready word file',
  pdf: 'Camera-ready pdf',
  springerCopyright: 'Copyright form',
  ppt: 'Presentation slides',
  ppt_pdf: 'Slides pdf proof',
  video: 'Slideshow',
};

export const formatBytes = (n: number) =>
  n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : n >= 1000 ? `${Math.round(n / 1000)} kB` : `${n} B`;
