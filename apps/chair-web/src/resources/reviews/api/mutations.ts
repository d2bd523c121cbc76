import {
  MAX_APPLY_ASSIGNMENTS,
  type DiscussionCommentDto,
  type DiscussionDto,
  type DiscussionVisibility,
  savedRequestsMessage,
  type AssignmentResult,
  type ConflictOverrideDto,
  type ImportResult,
  type ReviewDto,
  type ReviewRequestDto,
  type ReviewRequestQuery,
  type ReviewRoundDto,
  type ReviewRoundInput,
  type SaveReviewRequestInput,
  type SubmitReviewOnBehalfInput,
  type UserDto,
} from '@symposium/domain';
import { api, ApiError, errorMessage } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInvalidatingMutation, type RefreshWhen } from '../../../hooks/use-invalidating-mutation';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';
import { requestQueryString, reviewKeys, type ApplyResult } from './queries';

/** A write of the review screens under the caller's prefix; every review query is refreshed afterwards. */
function useReviewMutation<V, R>(
  fn: (prefix: RolePrefix, v: V) => Promise<R>,
  when: RefreshWhen = 'success',
) {
  const prefix = useRolePrefix();
  return useInvalidatingMutation([reviewKeys.all], (v: V) => fn(prefix, v), when);
}

/** Chairs only: override the detected conflict of one reviewer with one paper, with a reason. */
export const useOverrideConflict = () =>
  useReviewMutation(
    (_prefix, v: { paper: number; reviewer: number; reason: string }) =>
      api<{ message: string; override: ConflictOverrideDto }>(
        'PUT',
        `/api/chair/review_requests/conflicts/${v.paper}/${v.reviewer}`,
        { reason: v.reason },
      ),
    'settled-awaited',
  );

export const useRemoveConflictOverride = () =>
  useReviewMutation(
    (_prefix, v: { paper: number; reviewer: number }) =>
      api<{ message: string }>('DELETE', `/api/chair/review_requests/conflicts/${v.paper}/${v.reviewer}`),
    'settled-awaited',
  );

export interface PairOutcome {
  pair: SaveReviewRequestInput;
  ok: boolean;
  message?: string;
}

/**
 * Saves review requests one by one (a refusal does not stop the others); answers the §8 summary
 * 'N of M review requests saved successfully.' and each refused pair's message from the API.
 */
export const useSaveRequests = () =>
  useReviewMutation(async (prefix, pairs: SaveReviewRequestInput[]) => {
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
  }, 'settled-awaited');

export const useDeleteRequest = () =>
  useReviewMutation((prefix, id: number) =>
    api<{ message: string }>('DELETE', `/api/${prefix}/review_requests/${id}`),
  );

/** Deletes every request matching the filter (the server requires at least one filter). */
export const useDeleteRequests = () =>
  useReviewMutation((prefix, q: ReviewRequestQuery) =>
    api<{ deleted: number }>('DELETE', `/api/${prefix}/review_requests${requestQueryString(q)}`),
  );

export function useProposal() {
  const prefix = useRolePrefix();
  return useMutation({
    mutationFn: (body: { track: number; isCameraReady: boolean; round?: number; statuses?: number[] }) =>
      api<AssignmentResult>('POST', `/api/${prefix}/review_requests/auto/proposal`, body),
  });
}

/** Sent in parts of MAX_APPLY_ASSIGNMENTS (the server's limit for one call), results added up. */
export const useApplyProposal = () =>
  useReviewMutation(
    async (
      prefix,
      body: {
        track: number;
        isCameraReady: boolean;
        round?: number;
        statuses?: number[];
        assignments: { paper: number; reviewer: number }[];
      },
    ): Promise<ApplyResult> => {
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
    'settled-awaited',
  );

export const useSubmitReview = () =>
  useReviewMutation((prefix, body: SubmitReviewOnBehalfInput) =>
    api<{ request: ReviewRequestDto; review: ReviewDto }>(
      'POST',
      `/api/${prefix}/submit_review_request`,
      body,
    ),
  );

/** Reviewers from xlsx into tracks (multipart: tracks, then the file). */
export const useImportReviewers = () =>
  useReviewMutation((prefix, { file, tracks }: { file: File; tracks: number[] }) => {
    const form = new FormData();
    form.append('tracks', JSON.stringify(tracks));
    form.append('file', file, file.name);
    return api<ImportResult>('POST', `/api/${prefix}/users/import/reviewers`, form);
  });

/** Review rows from xlsx (§3 columns). */
export const useImportReviews = () =>
  useReviewMutation((prefix, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api<ImportResult>('POST', `/api/${prefix}/reviews/import`, form);
  });

/** Takes a track from a reviewer's tracks (the reviewer role stays while tracks remain). */
export const useRemoveReviewerFromTrack = () =>
  useReviewMutation((prefix, { userId, track }: { userId: number; track: number }) =>
    api<UserDto>('DELETE', `/api/${prefix}/users/remove/reviewer/${userId}/${track}`),
  );

/** Adds the next review round of a track (chairs; track chairs for their tracks). */
export const useCreateRound = () =>
  useReviewMutation((prefix, { trackId, body }: { trackId: number; body: ReviewRoundInput }) =>
    api<ReviewRoundDto>('POST', `/api/${prefix}/review_rounds/${trackId}`, body),
  );

export const useUpdateRound = () =>
  useReviewMutation(
    (prefix, { trackId, number, body }: { trackId: number; number: number; body: ReviewRoundInput }) =>
      api<ReviewRoundDto>('PUT', `/api/${prefix}/review_rounds/${trackId}/${number}`, body),
  );

/** Deletes a round (never R1, never one with requests: the server's message is shown). */
export const useDeleteRound = () =>
  useReviewMutation((prefix, { trackId, number }: { trackId: number; number: number }) =>
    api<{ message: string }>('DELETE', `/api/${prefix}/review_rounds/${trackId}/${number}`),
  );
/** POST /api/{prefix}/discussion/:paperId {text, visibility}: appended to the shown thread (read on the server). */
export function usePostDiscussionComment(paperId: number) {
  const prefix = useRolePrefix();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; visibility: DiscussionVisibility }) =>
      api<DiscussionCommentDto>('POST', `/api/${prefix}/discussion/${paperId}`, body),
    onSuccess: (comment) => {
      qc.setQueryData<DiscussionDto>(reviewKeys.discussion(prefix, paperId), (d) =>
        d ? { ...d, comments: [...d.comments, comment] } : d,
      );
      void qc.invalidateQueries({ queryKey: ['reviews', prefix, 'discussions'] });
    },
  });
}
