import {
  MAX_APPLY_ASSIGNMENTS,
  savedRequestsMessage,
  type AssignmentResult,
  type ConflictOverrideDto,
  type ImportResult,
  type ReviewDto,
  type ReviewRequestDto,
  type ReviewRequestQuery,
  type SaveReviewRequestInput,
  type SubmitReviewOnBehalfInput,
  type UserDto,
} from '@symposium/domain';
import { api, ApiError, errorMessage } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRolePrefix } from '../../../hooks/use-role-prefix';
import { requestQueryString, reviewKeys, type ApplyResult } from './queries';

function useInvalidateReviews() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: reviewKeys.all });
}

/** Chairs only: override the detected conflict of one reviewer with one paper, with a reason. */
export function useOverrideConflict() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (v: { paper: number; reviewer: number; reason: string }) =>
      api<{ message: string; override: ConflictOverrideDto }>(
        'PUT',
        `/api/chair/review_requests/conflicts/${v.paper}/${v.reviewer}`,
        { reason: v.reason },
      ),
    onSettled: () => invalidate(),
  });
}

export function useRemoveConflictOverride() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (v: { paper: number; reviewer: number }) =>
      api<{ message: string }>('DELETE', `/api/chair/review_requests/conflicts/${v.paper}/${v.reviewer}`),
    onSettled: () => invalidate(),
  });
}

export interface PairOutcome {
  pair: SaveReviewRequestInput;
  ok: boolean;
  message?: string;
}

/**
 * Saves review requests one by one (a refusal does not stop the others); answers the §8 summary
 * 'N of M review requests saved successfully.' and each refused pair's message from the API.
 */
export function useSaveRequests() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: async (pairs: SaveReviewRequestInput[]) => {
      const outcomes: PairOutcome[] = [];
      for (const pair of pairs) {
        try {
          await api<ReviewRequestDto>('POST', `/api/${prefix}/review_requests`, pair);
          outcomes.push({ pair, ok: true });
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          outcomes.push({ pair, ok: false, message: errorMessage(e) });
        }
      }
      const saved = outcomes.filter((o) => o.ok).length;
      return { outcomes, message: savedRequestsMessage(saved, pairs.length) };
    },
    onSettled: () => invalidate(),
  });
}

export function useDeleteRequest() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('DELETE', `/api/${prefix}/review_requests/${id}`),
    onSuccess: () => invalidate(),
  });
}

/** Deletes every request matching the filter (the server requires at least one filter). */
export function useDeleteRequests() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (q: ReviewRequestQuery) =>
      api<{ deleted: number }>('DELETE', `/api/${prefix}/review_requests${requestQueryString(q)}`),
    onSuccess: () => invalidate(),
  });
}

export function useProposal() {
  const prefix = useRolePrefix();
  return useMutation({
    mutationFn: (body: { track: number; isCameraReady: boolean }) =>
      api<AssignmentResult>('POST', `/api/${prefix}/review_requests/auto/proposal`, body),
  });
}

export function useApplyProposal() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    /** Sent in parts of MAX_APPLY_ASSIGNMENTS (the server's limit for one call), results added up. */
    mutationFn: async (body: {
      track: number;
      isCameraReady: boolean;
      assignments: { paper: number; reviewer: number }[];
    }): Promise<ApplyResult> => {
      const all: ApplyResult = { saved: 0, total: 0, message: '', data: [], errors: [] };
      for (let i = 0; i < body.assignments.length; i += MAX_APPLY_ASSIGNMENTS) {
        const part = await api<ApplyResult>('POST', `/api/${prefix}/review_requests/auto/apply`, {
          ...body,
          assignments: body.assignments.slice(i, i + MAX_APPLY_ASSIGNMENTS),
        });
        all.saved += part.saved;
        all.total += part.total;
        all.data.push(...part.data);
        all.errors.push(...part.errors);
      }
      return { ...all, message: savedRequestsMessage(all.saved, all.total) };
    },
    onSettled: () => invalidate(),
  });
}

export function useSubmitReview() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (body: SubmitReviewOnBehalfInput) =>
      api<{ request: ReviewRequestDto; review: ReviewDto }>(
        'POST',
        `/api/${prefix}/submit_review_request`,
        body,
      ),
    onSuccess: () => invalidate(),
  });
}

/** Reviewers from xlsx into tracks (multipart: tracks, then the file). */
export function useImportReviewers() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ file, tracks }: { file: File; tracks: number[] }) => {
      const form = new FormData();
      form.append('tracks', JSON.stringify(tracks));
      form.append('file', file, file.name);
      return api<ImportResult>('POST', `/api/${prefix}/users/import/reviewers`, form);
    },
    onSuccess: () => invalidate(),
  });
}

/** Review rows from xlsx (§3 columns). */
export function useImportReviews() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<ImportResult>('POST', `/api/${prefix}/reviews/import`, form);
    },
    onSuccess: () => invalidate(),
  });
}

/** Takes a track from a reviewer's tracks (the reviewer role stays while tracks remain). */
export function useRemoveReviewerFromTrack() {
  const prefix = useRolePrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ userId, track }: { userId: number; track: number }) =>
      api<UserDto>('DELETE', `/api/${prefix}/users/remove/reviewer/${userId}/${track}`),
    onSuccess: () => invalidate(),
  });
}
