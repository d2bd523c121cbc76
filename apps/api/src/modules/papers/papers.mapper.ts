import {
  CAMERA_READY_PARTS,
  PRESENTATION_READY_PARTS,
  REGISTERED_DOWNLOAD_PARTS,
  type CameraReadyPart,
  type PaperActions,
  type PaperAuthorDto,
  type PaperDto,
  type PaperFileDto,
  type PaperFilePart,
  type PresentationReadyPart,
  type RegisteredPaperDto,
} from '@symposium/domain';
import type { UserRow } from '../users/users.service.js';
import type { PaperConsentRow, PaperFileRow, PaperRow } from './papers.table.js';

export const toPaperFileDto = (f: PaperFileRow): PaperFileDto => ({
  _id: f.id,
  part: f.part as PaperFilePart,
  name: f.name,
  size: f.size,
  sha256: f.sha256,
  contentType: f.contentType,
  createdAt: f.createdAt.toISOString(),
});

export const toPaperAuthorDto = (u: UserRow): PaperAuthorDto => ({
  _id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  organization: u.organization,
  country: u.country,
});

function slots<P extends string>(parts: readonly P[], files: PaperFileRow[]): Record<P, PaperFileDto | null> {
  const out = {} as Record<P, PaperFileDto | null>;
  for (const part of parts) {
    const f = files.find((x) => x.part === part);
    out[part] = f ? toPaperFileDto(f) : null;
  }
  return out;
}

function dtoSlots<P extends string>(
  parts: readonly P[],
  files: PaperFileDto[],
): Record<P, PaperFileDto | null> {
  const out = {} as Record<P, PaperFileDto | null>;
  for (const part of parts) out[part] = files.find((x) => x.part === part) ?? null;
  return out;
}

export interface PaperParts {
  authors: PaperAuthorDto[];
  files: PaperFileRow[];
  consent?: Pick<PaperConsentRow, 'signedAt' | 'userId' | 'agreementVersion' | 'signatureName' | 'font'>;
  actions: PaperActions;
  /** The decision the authors may see (null: none, or not shown to authors). */
  decision?: string | null;
}

/** The paper as its authors (and later the chairs) see it: §3 field names plus the server-computed actions. */
export function toPaperDto(row: PaperRow, parts: PaperParts): PaperDto {
  const c = parts.consent;
  const files = parts.files.filter((f) => f.paperId === row.id).map(toPaperFileDto);
  return {
    _id: row.id,
    title: row.title,
    abstract: {
      text: row.abstractText,
      questions: row.abstractQuestions,
      files: files.filter((f) => f.part === 'abstract'),
    },
    authors: parts.authors,
    primaryAuthor: row.primaryAuthorId,
    track: row.trackId,
    primarySubjectArea: row.primarySubjectAreaId,
    status: row.statusId,
    decision: parts.decision ?? null,
    isDeleted: row.isDeleted,
    notes: row.notes,
    submittedCameraReady: row.submittedCameraReady,
    submittedPresentationReady: row.submittedPresentationReady,
    isCameraReady: row.isCameraReady,
    isPresentationReady: row.isPresentationReady,
    cameraReady: {
      files: dtoSlots<CameraReadyPart>(CAMERA_READY_PARTS, files),
      questions: row.cameraReadyQuestions,
    },
    presentationReady: {
      files: dtoSlots<PresentationReadyPart>(PRESENTATION_READY_PARTS, files),
      questions: row.presentationReadyQuestions,
    },
    registration: row.registration ?? null,
    otherRegistrations: row.otherRegistrations,
    acceptWithRevisionTimestamp: row.acceptWithRevisionTimestamp?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    actions: parts.actions,
    ...(c
      ? {
          consent: {
            signedAt: c.signedAt.toISOString(),
            signedBy: c.userId,
            agreementVersion: c.agreementVersion,
            signatureName: c.signatureName,
            font: c.font,
          },
        }
      : {}),
  };
}

/**
 * The chair list's answer, {count, data}, from papers whose JSON the database built
 * (PaperQueryRepository.pageJson: ChairPaperDto but for actions and consent): each paper's object with its
 * actions, and its consent when one was signed, added at the end. Written straight into one buffer, the
 * bytes of the answer: the rows' JSON is never parsed and serialised again, nor joined into a string that
 * would be copied again to be sent (each copy of a 140 kB page is garbage the young generation must collect).
 */
export function chairPaperListJson(
  count: number,
  papers: { json: string; consent: string | null }[],
  actionsJsonOf: (index: number) => string,
  /** The JSON of each paper's discussion column (issue 25), when the list has one. */
  discussionJsonOf?: (index: number) => string,
): Buffer {
  const head = `{"count":${count},"data":[`;
  const actions = papers.map((_, i) => actionsJsonOf(i));
  const discussion = discussionJsonOf ? papers.map((_, i) => discussionJsonOf(i)) : null;
  let size = Buffer.byteLength(head) + 2 + Math.max(0, papers.length - 1);
  for (const [i, p] of papers.entries()) {
    // a JSON object: its closing brace gives way to the two fields, then comes back
    if (p.json.charCodeAt(p.json.length - 1) !== 0x7d) throw new Error(`paper ${i}: not a JSON object`);
    size += Buffer.byteLength(p.json) + ACTIONS.length + Buffer.byteLength(actions[i]!);
    if (p.consent !== null) size += CONSENT.length + Buffer.byteLength(p.consent);
    if (discussion) size += DISCUSSION.length + Buffer.byteLength(discussion[i]!);
  }
  const out = Buffer.allocUnsafe(size);
  let at = out.write(head);
  for (const [i, p] of papers.entries()) {
    if (i) at += out.write(',', at);
    at += out.write(p.json, at) - 1;
    at += out.write(ACTIONS, at);
    at += out.write(actions[i]!, at);
    if (p.consent !== null) {
      at += out.write(CONSENT, at);
      at += out.write(p.consent, at);
    }
    if (discussion) {
      at += out.write(DISCUSSION, at);
      at += out.write(discussion[i]!, at);
    }
    at += out.write('}', at);
  }
  at += out.write(']}', at);
  if (at !== size) throw new Error(`paper list answer: wrote ${at} of ${size} bytes`);
  return out;
}
const ACTIONS = ',"actions":';
const CONSENT = ',"consent":';
const DISCUSSION = ',"discussion":';

/** A registered paper as participants see it: no notes, status, registration or private files. */
export function toRegisteredPaperDto(
  row: PaperRow,
  authors: PaperAuthorDto[],
  files: PaperFileRow[],
): RegisteredPaperDto {
  const visible = files.filter((f) => REGISTERED_DOWNLOAD_PARTS.includes(f.part as PaperFilePart));
  return {
    _id: row.id,
    title: row.title,
    abstract: {
      text: row.abstractText,
      files: visible.filter((f) => f.part === 'abstract').map(toPaperFileDto),
    },
    authors,
    primaryAuthor: row.primaryAuthorId,
    track: row.trackId,
    primarySubjectArea: row.primarySubjectAreaId,
    cameraReady: { files: { pdf: slots(['pdf'] as const, visible).pdf } },
    presentationReady: { files: slots<PresentationReadyPart>(PRESENTATION_READY_PARTS, visible) },
  };
}
