import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorResponsePhaseDto, SubmittedResponseDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/*
 * Author responses (issue 25). Authors: GET /api/author/papers/{paperId}/responses (every round with a
 * response phase), GET/PUT /api/author/papers/{paperId}/responses/{round}, POST …/{round}/submit.
 * Reviewers: GET /api/reviewer/papers/{paperId}/responses (submitted only).
 */
const base = (paperId: number) => `/api/author/papers/${paperId}/responses`;
const keys = {
  phases: (paperId: number) => ['author', 'papers', paperId, 'responses'] as const,
  phase: (paperId: number, round: number) => ['author', 'papers', paperId, 'responses', round] as const,
};
const valid = (n: number) => Number.isInteger(n) && n > 0;

export const getResponsePhases = (paperId: number) => api<AuthorResponsePhaseDto[]>('GET', base(paperId));
export const useResponsePhases = (paperId: number) =>
  useQuery({
    queryKey: keys.phases(paperId),
    queryFn: () => getResponsePhases(paperId),
    enabled: valid(paperId),
    retry: false,
  });

export const getResponsePhase = (paperId: number, round: number) =>
  api<AuthorResponsePhaseDto>('GET', `${base(paperId)}/${round}`);
export const useResponsePhase = (paperId: number, round: number) =>
  useQuery({
    queryKey: keys.phase(paperId, round),
    queryFn: () => getResponsePhase(paperId, round),
    enabled: valid(paperId) && valid(round),
    retry: false,
    staleTime: 0,
  });

/** Saves a draft (submit false) or submits; the answer replaces the cached phase. */
export function useWriteResponse(paperId: number, round: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ text, submit }: { text: string; submit: boolean }) =>
      submit
        ? api<AuthorResponsePhaseDto>('POST', `${base(paperId)}/${round}/submit`, { text })
        : api<AuthorResponsePhaseDto>('PUT', `${base(paperId)}/${round}`, { text }),
    onSuccess: (data) => {
      qc.setQueryData(keys.phase(paperId, round), data);
      void qc.invalidateQueries({ queryKey: keys.phases(paperId), exact: true });
    },
  });
}

export const useReviewerResponses = (paperId: number) =>
  useQuery({
    queryKey: ['reviewer', 'papers', paperId, 'responses'],
    queryFn: () => api<SubmittedResponseDto[]>('GET', `/api/reviewer/papers/${paperId}/responses`),
    enabled: valid(paperId),
    retry: false,
  });
