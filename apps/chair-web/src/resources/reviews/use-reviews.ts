import {
  canUsePrefix,
  MAX_APPLY_ASSIGNMENTS,
  PAGE_SIZE,
  savedRequestsMessage,
  type AssignmentResult,
  type CandidateReviewerDto,
  type ConflictOverrideDto,
  type ChairPaperDto,
  type ImportResult,
  type PaperQueryResult,
  type ReviewDto,
  type ReviewRequestDto,
  type ReviewRequestQuery,
  type SaveReviewRequestInput,
  type SubmitReviewOnBehalfInput,
  type TrackDto,
  type UserDto,
} from '@symposium/domain';
import { api, ApiError, errorMessage, useSession } from '@symposium/ui';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';

/** Everything cached by the review screens (invalidated after any write). */
export const reviewsQueryKey = ['reviews'] as const;

/** The API prefix follows the signed-in role (§6): chairs use /api/chair, track chairs /api/cochair. */
export function useReviewPrefix(): 'chair' | 'cochair' {
  const { user } = useSession();
  return user && canUsePrefix(user.roles, 'chair') ? 'chair' : 'cochair';
}

export type ReviewerWithLoad = UserDto & { load: { total: number; cameraReady: number; reviewed: number } };

/** A review request as GET review_requests/:id answers it (with its review once there is one). */
export type ReviewRequestDetail = ReviewRequestDto & { review: ReviewDto | null };

/** Answer of POST review_requests/auto/apply. */
export interface ApplyResult {
  saved: number;
  total: number;
  message: string;
  data: ReviewRequestDto[];
  errors: { paper: number; reviewer: number; message: string }[];
}

/** The query string of the review-request filters (empty values left out). */
export function requestQueryString(q: ReviewRequestQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The tracks the caller manages (track chairs: theirs). */
export function useReviewTracks() {
  const prefix = useReviewPrefix();
  return useQuery({
    queryKey: ['chair', prefix, 'tracks'],
    queryFn: () => api<TrackDto[]>('GET', `/api/${prefix}/tracks`),
  });
}

/** The (not deleted) papers of one track, in id order. */
export function useTrackPapers(trackId: number | null) {
  const prefix = useReviewPrefix();
  return useQuery({
    queryKey: [...reviewsQueryKey, prefix, 'track-papers', trackId],
    queryFn: () =>
      api<PaperQueryResult>('POST', `/api/${prefix}/papers`, {
        filters: [{ name: 'track', value: trackId }],
        sort: { field: '_id', order: 'asc' },
        cp: 1,
        pg: 1000,
      }),
    enabled: trackId !== null,
  });
}

export function useReviewPaper(paperId: number | null) {
  const prefix = useReviewPrefix();
  return useQuery({
    queryKey: [...reviewsQueryKey, prefix, 'paper', paperId],
    queryFn: () => api<ChairPaperDto>('GET', `/api/${prefix}/papers/${paperId}`),
    enabled: paperId !== null && Number.isInteger(paperId) && paperId > 0,
    retry: false,
  });
}

/** The reviewers of a track with their load (names for the automatic proposal). */
export function useTrackReviewers(trackId: number | null) {
  const prefix = useReviewPrefix();
  return useQuery({
    queryKey: [...reviewsQueryKey, prefix, 'track-reviewers', trackId],
    queryFn: () => api<ReviewerWithLoad[]>('GET', `/api/${prefix}/users/reviewers/${trackId}`),
    enabled: trackId !== null,
  });
}

const candidatesQuery = (prefix: string, paperId: number, isCameraReady: boolean) => ({
  queryKey: [...reviewsQueryKey, prefix, 'candidates', paperId, isCameraReady],
  queryFn: () =>
    api<CandidateReviewerDto[]>(
      'GET',
      `/api/${prefix}/review_requests/candidates/${paperId}?isCameraReady=${isCameraReady}`,
    ),
});

/** The track's reviewers for one paper: load, bid, conflicts with evidence, eligibility. */
export function useCandidates(paperId: number | null, isCameraReady: boolean) {
  const prefix = useReviewPrefix();
  return useQuery({ ...candidatesQuery(prefix, paperId ?? 0, isCameraReady), enabled: paperId !== null });
}

/** The candidates of several papers at once (manual assignment). */
export function useCandidatesOf(paperIds: number[], isCameraReady: boolean) {
  const prefix = useReviewPrefix();
  return useQueries({ queries: paperIds.map((id) => candidatesQuery(prefix, id, isCameraReady)) });
}

/** One page of review requests (total from X-Total-Count / count). */
export function useReviewRequests(q: ReviewRequestQuery, enabled = true) {
  const prefix = useReviewPrefix();
  return useQuery({
    queryKey: [...reviewsQueryKey, prefix, 'requests', q],
    queryFn: () =>
      api<{ count: number; data: ReviewRequestDto[] }>(
        'GET',
        `/api/${prefix}/review_requests${requestQueryString({ pg: PAGE_SIZE, ...q })}`,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useReviewRequest(id: number) {
  const prefix = useReviewPrefix();
  return useQuery({
    queryKey: [...reviewsQueryKey, prefix, 'request', id],
    queryFn: () => api<ReviewRequestDetail>('GET', `/api/${prefix}/review_requests/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** Every review of a paper (with the reviewer's name). */
export function usePaperReviews(paperId: number) {
  const prefix = useReviewPrefix();
  return useQuery({
    queryKey: [...reviewsQueryKey, prefix, 'paper-reviews', paperId],
    queryFn: () => api<ReviewDto[]>('GET', `/api/${prefix}/reviews/paper/${paperId}`),
    enabled: Number.isInteger(paperId) && paperId > 0,
    retry: false,
  });
}

function useInvalidateReviews() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: reviewsQueryKey });
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
  const prefix = useReviewPrefix();
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
  const prefix = useReviewPrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('DELETE', `/api/${prefix}/review_requests/${id}`),
    onSuccess: () => invalidate(),
  });
}

/** Deletes every request matching the filter (the server requires at least one filter). */
export function useDeleteRequests() {
  const prefix = useReviewPrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (q: ReviewRequestQuery) =>
      api<{ deleted: number }>('DELETE', `/api/${prefix}/review_requests${requestQueryString(q)}`),
    onSuccess: () => invalidate(),
  });
}

export function useProposal() {
  const prefix = useReviewPrefix();
  return useMutation({
    mutationFn: (body: { track: number; isCameraReady: boolean }) =>
      api<AssignmentResult>('POST', `/api/${prefix}/review_requests/auto/proposal`, body),
  });
}

export function useApplyProposal() {
  const prefix = useReviewPrefix();
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
  const prefix = useReviewPrefix();
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
  const prefix = useReviewPrefix();
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
  const prefix = useReviewPrefix();
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

export const personName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

/** Takes a track from a reviewer's tracks (the reviewer role stays while tracks remain). */
export function useRemoveReviewerFromTrack() {
  const prefix = useReviewPrefix();
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ userId, track }: { userId: number; track: number }) =>
      api<UserDto>('DELETE', `/api/${prefix}/users/remove/reviewer/${userId}/${track}`),
    onSuccess: () => invalidate(),
  });
}
