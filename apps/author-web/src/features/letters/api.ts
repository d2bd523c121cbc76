import type { AuthorLetterDto, DocumentVerificationDto, LetterKind } from '@symposium/domain';
import { api, download } from '@symposium/ui';
import { useQuery } from '@tanstack/react-query';

/** GET /api/author/papers/:paperId/letters: the letters the chair enabled for the paper. */
export const useAuthorLetters = (paperId: number) =>
  useQuery({
    queryKey: ['author', 'letters', paperId],
    queryFn: () => api<AuthorLetterDto[]>('GET', `/api/author/papers/${paperId}/letters`),
    retry: false,
  });

/** GET .../letters/:kind → the PDF issued to the signed-in author, saved under the server's file name. */
export const downloadLetter = (paperId: number, kind: LetterKind) =>
  download('GET', `/api/author/papers/${paperId}/letters/${kind}`, undefined, `${kind}-${paperId}.pdf`);

/** GET /api/verify/:code (public, no sign-in). */
export const useVerification = (code: string) =>
  useQuery({
    queryKey: ['verify', code],
    queryFn: () => api<DocumentVerificationDto>('GET', `/api/verify/${encodeURIComponent(code)}`),
    retry: false,
    enabled: code !== '',
  });
