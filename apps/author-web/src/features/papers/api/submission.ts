import { useMutation } from '@tanstack/react-query';
import type { PaperAuthorDto, PaperDto, PersonInput } from '@symposium/domain';
import { api, apiOnce } from '@symposium/ui';
import { useStorePaper } from './papers';

/** The JSON fields of a submission (the multipart `paper` field). */
export interface SubmissionBody {
  track: number;
  title: string;
  abstract: { text: string; questions: { answer: string }[] };
  authors: number[];
  primaryAuthor: number | null;
  primarySubjectArea: number | null;
  removeFiles?: number[];
}

const multipart = (paper: SubmissionBody, files: File[]) => {
  const form = new FormData();
  // the paper fields come first: the server checks them before it reads any file
  form.append('paper', JSON.stringify(paper));
  for (const f of files) form.append('files', f, f.name);
  return form;
};

/** POST /api/author/papers (multipart: paper + files), once: retried with its Idempotency-Key when lost. */
export const submitPaper = (paper: SubmissionBody, files: File[]) =>
  apiOnce<PaperDto>('POST', '/api/author/papers', multipart(paper, files));

/** PUT /api/author/papers/:paperId (multipart: paper with removeFiles + new files). */
export const editPaper = (paperId: number, paper: SubmissionBody, files: File[]) =>
  api<PaperDto>('PUT', `/api/author/papers/${paperId}`, multipart(paper, files));

export function useSavePaper(paperId: number | null) {
  const store = useStorePaper();
  return useMutation({
    mutationFn: ({ paper, files }: { paper: SubmissionBody; files: File[] }) =>
      paperId === null ? submitPaper(paper, files) : editPaper(paperId, paper, files),
    onSuccess: store,
  });
}

/** GET /api/author/users/search?email=: a co-author by exact e-mail. */
export const findUserByEmail = (email: string) =>
  api<PaperAuthorDto[]>('GET', `/api/author/users/search?email=${encodeURIComponent(email)}`);

/** POST /api/author/users: a co-author account (§5 People rules; 409 'User already present!'). */
export const createCoAuthor = (person: PersonInput) =>
  api<PaperAuthorDto>('POST', '/api/author/users', person);
