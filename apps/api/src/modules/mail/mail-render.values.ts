import { decisionLabel, escapeHtml, formatInZone, type PlaceholderValues } from '@symposium/domain';

/** What one message is about: its recipient and, when known, a paper, a review request, a deadline. */
export interface MailContext {
  userId: number;
  paperId?: number | null;
  reviewRequestId?: number | null;
  deadline?: Date | null;
}

export interface RenderedMail {
  ctx: MailContext;
  to: { firstName: string; lastName: string; email: string };
  subject: string;
  text: string;
  html: string;
}

export interface RenderError {
  ctx: MailContext;
  email: string;
  message: string;
}

/** The separator of a signature (RFC 3676 "-- "), then the signature; html escaped, line breaks kept. */
export function withSignature<T extends { text: string; html: string }>(mail: T, signature: string): T {
  const sig = signature.replace(/\s+$/, '');
  if (!sig.trim()) return mail;
  return {
    ...mail,
    text: `${mail.text.replace(/\s+$/, '')}\n\n-- \n${sig}`,
    html: `${mail.html}<br>\n<br>\n-- <br>\n${escapeHtml(sig).replace(/\r?\n/g, '<br>\n')}`,
  };
}

/** A deadline as people read it, in the conference's time zone: "Friday, 1 May 2026 at 23:59 (Europe/Lisbon)". */
export function formatDeadline(value: Date | string | null | undefined, timeZone: string): string {
  return formatInZone(value, timeZone);
}

export interface ReviewForSummary {
  final: number;
  commentsAuthor: string;
}

/** The reviews as the authors may read them: decision and comments to the authors, numbered. */
export function reviewsSummary(reviews: ReviewForSummary[]): string {
  return reviews
    .map((r, i) => {
      const lines = [`Review ${i + 1}`];
      const decision = decisionLabel(r.final);
      if (decision) lines.push(`Decision: ${decision}`);
      if (r.commentsAuthor.trim()) lines.push(`Comments: ${r.commentsAuthor.trim()}`);
      return lines.join('\n');
    })
    .join('\n\n');
}

export interface ConferenceValues {
  shortName: string;
  fullName: string;
  externalURL: string;
  timeZone: string;
  /** Authors sign the consent form in the app: only then does {{consent.instructions}} say so. */
  digitalConsentSigning: boolean;
}
export interface PaperValues {
  id: number;
  title: string;
  trackId: number;
  trackName: string;
  statusText: string;
  authors: string[];
  /** null unless the paper's reviews are open to the authors. */
  reviews: ReviewForSummary[] | null;
  deadlines: {
    submission: string | null;
    edit: string | null;
    cameraReady: string | null;
    presentationReady: string | null;
  };
  /** The author response window of the paper's current review round (issue 25), null when none. */
  response?: { round: number; opensAt: Date | null; closesAt: Date | null } | null;
}
export interface RequestValues {
  id: number;
  replyDueAt: Date;
  dueAt: Date;
}

/** Every placeholder value of one message (missing scopes leave their names out: renderTemplate refuses them). */
export function placeholderValues(input: {
  publicUrl: string;
  conference: ConferenceValues;
  recipient: { firstName: string; lastName: string; email: string };
  paper?: PaperValues;
  request?: RequestValues;
  deadline?: Date | null;
}): PlaceholderValues {
  const { publicUrl: url, conference: c, recipient: r, paper: p, request: q } = input;
  const tz = c.timeZone;
  const v: PlaceholderValues = {
    'recipient.firstName': r.firstName,
    'recipient.lastName': r.lastName,
    'recipient.email': r.email,
    'conference.shortName': c.shortName,
    'conference.fullName': c.fullName,
    'conference.url': c.externalURL,
    'link.login': `${url}/SignIn`,
  };
  if (p) {
    Object.assign(v, paperPlaceholderValues(p, url, tz));
    v['consent.instructions'] = c.digitalConsentSigning
      ? `Please sign the consent form at ${url}/SignConsentForm/${p.id}`
      : '';
  }
  if (q) {
    Object.assign(v, {
      'review.replyDue': formatDeadline(q.replyDueAt, tz),
      'review.due': formatDeadline(q.dueAt, tz),
      'link.reviewRequest': `${url}/ViewReviewRequest/${q.id}`,
    });
  }
  if (input.deadline) v['reminder.deadline'] = formatDeadline(input.deadline, tz);
  return v;
}

/** The paper's values, computed once per paper of a render (its authors get one message each). */
const paperValuesCache = new WeakMap<PaperValues, { key: string; values: PlaceholderValues }>();

function paperPlaceholderValues(p: PaperValues, url: string, tz: string): PlaceholderValues {
  const key = `${url}\u0000${tz}`;
  const cached = paperValuesCache.get(p);
  if (cached?.key === key) return cached.values;
  const values: PlaceholderValues = {
    'paper.id': String(p.id),
    'paper.title': p.title,
    'paper.track': p.trackName,
    'paper.status': p.statusText,
    'paper.authors': p.authors.join(', '),
    'paper.reviews': p.reviews ? reviewsSummary(p.reviews) : '',
    'track.submissionDeadline': formatDeadline(p.deadlines.submission, tz),
    'track.editDeadline': formatDeadline(p.deadlines.edit, tz),
    'track.cameraReadyDeadline': formatDeadline(p.deadlines.cameraReady, tz),
    'track.presentationReadyDeadline': formatDeadline(p.deadlines.presentationReady, tz),
    'link.paper': `${url}/ViewPaper/${p.id}`,
    'link.reviews': `${url}/ViewPaperReview/${p.id}`,
    'link.cameraReady': `${url}/CameraReadySubmission/${p.trackId}/${p.id}`,
    'link.presentationReady': `${url}/PresentationReadySubmission/${p.trackId}/${p.id}`,
    'link.consent': `${url}/SignConsentForm/${p.id}`,
    'response.opens': formatDeadline(p.response?.opensAt, tz),
    'response.closes': formatDeadline(p.response?.closesAt, tz),
    'link.response': p.response
      ? `${url}/PaperResponse/${p.id}/${p.response.round}`
      : `${url}/ViewPaper/${p.id}`,
  };
  paperValuesCache.set(p, { key, values });
  return values;
}
