import {
  PAGE_SIZE,
  type DiscussionDto,
  type DiscussionListRowDto,
  type DiscussionReviewDto,
  type CandidateReviewerDto,
  type ChairPaperDto,
  type PaperQueryResult,
  type ReviewDto,
  type ReviewRequestDto,
  type ReviewRequestQuery,
  type ReviewRoundDto,
  type UserDto,
  type ReviewRole,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/** Everything cached by the review screens (invalidated after any write). */
export const reviewKeys = {
  all: ['reviews'] as const,
  trackPapers: (prefix: RolePrefix, trackId: number | null) =>
    ['reviews', prefix, 'track-papers', trackId] as const,
  paper: (prefix: RolePrefix, paperId: number | null) => ['reviews', prefix, 'paper', paperId] as const,
  trackReviewers: (prefix: RolePrefix, trackId: number | null) =>
    ['reviews', prefix, 'track-reviewers', trackId] as const,
  candidates: (
    prefix: RolePrefix,
    paperId: number,
    isCameraReady: boolean,
    round = 1,
    role: ReviewRole = 'reviewer',
  ) => ['reviews', prefix, 'candidates', paperId, isCameraReady, round, role] as const,
  requests: (prefix: RolePrefix, q: ReviewRequestQuery) => ['reviews', prefix, 'requests', q] as const,
  request: (prefix: RolePrefix, id: number) => ['reviews', prefix, 'request', id] as const,
  paperReviews: (prefix: RolePrefix, paperId: number) =>
    ['reviews', prefix, 'paper-reviews', paperId] as const,
  pageReviews: (prefix: RolePrefix, paperIds: number[]) =>
    ['reviews', prefix, 'papers-reviews', paperIds] as const,
  rounds: (prefix: RolePrefix, trackId: number | null) => ['reviews', prefix, 'rounds', trackId] as const,
  discussion: (prefix: RolePrefix, paperId: number) => ['reviews', prefix, 'discussion', paperId] as const,
  discussionReviews: (prefix: RolePrefix, paperId: number) =>
    ['reviews', prefix, 'discussion', paperId, 'reviews'] as const,
  discussions: (prefix: RolePrefix, q: DiscussionListQuery) => ['reviews', prefix, 'discussions', q] as const,
};

/** The filters of the discussion list (GET /api/{prefix}/discussion). */
export interface DiscussionListQuery {
  track?: number;
  threshold?: number;
  disagreement?: boolean;
  cp?: number;
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

/** The (not deleted) papers of one track, in id order. */
export const trackPapersQueryOptions = (prefix: RolePrefix, trackId: number | null) =>
  queryOptions({
    queryKey: reviewKeys.trackPapers(prefix, trackId),
    queryFn: () =>
      api<PaperQueryResult>('POST', `/api/${prefix}/papers`, {
        filters: [{ name: 'track', value: trackId }],
        sort: { field: '_id', order: 'asc' },
        cp: 1,
        pg: 1000,
      }),
    enabled: trackId !== null,
  });

export const reviewPaperQueryOptions = (prefix: RolePrefix, paperId: number | null) =>
  queryOptions({
    queryKey: reviewKeys.paper(prefix, paperId),
    queryFn: () => api<ChairPaperDto>('GET', `/api/${prefix}/papers/${paperId}`),
    enabled: paperId !== null && Number.isInteger(paperId) && paperId > 0,
    retry: false,
  });

/** The reviewers of a track with their load (names for the automatic proposal). */
export const trackReviewersQueryOptions = (prefix: RolePrefix, trackId: number | null) =>
  queryOptions({
    queryKey: reviewKeys.trackReviewers(prefix, trackId),
    queryFn: () => api<ReviewerWithLoad[]>('GET', `/api/${prefix}/users/reviewers/${trackId}`),
    enabled: trackId !== null,
  });

/** The track's reviewers for one paper: load, bid, conflicts with evidence, eligibility. */
export const candidatesQueryOptions = (
  prefix: RolePrefix,
  paperId: number,
  isCameraReady: boolean,
  round = 1,
  role: ReviewRole = 'reviewer',
) =>
  queryOptions({
    queryKey: reviewKeys.candidates(prefix, paperId, isCameraReady, round, role),
    queryFn: () =>
      api<CandidateReviewerDto[]>(
        'GET',
        `/api/${prefix}/review_requests/candidates/${paperId}?isCameraReady=${isCameraReady}&round=${round}&role=${role}`,
      ),
  });

/** The review rounds of a track (R1 first), with their requests counted. */
export const roundsQueryOptions = (prefix: RolePrefix, trackId: number | null) =>
  queryOptions({
    queryKey: reviewKeys.rounds(prefix, trackId),
    queryFn: () => api<ReviewRoundDto[]>('GET', `/api/${prefix}/review_rounds/${trackId}`),
    enabled: trackId !== null && Number.isInteger(trackId) && trackId > 0,
  });

/** One page of review requests (total from X-Total-Count / count). */
export const reviewRequestsQueryOptions = (prefix: RolePrefix, q: ReviewRequestQuery, enabled = true) =>
  queryOptions({
    queryKey: reviewKeys.requests(prefix, q),
    queryFn: () =>
      api<{ count: number; data: ReviewRequestDto[] }>(
        'GET',
        `/api/${prefix}/review_requests${requestQueryString({ pg: PAGE_SIZE, ...q })}`,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

export const reviewRequestQueryOptions = (prefix: RolePrefix, id: number) =>
  queryOptions({
    queryKey: reviewKeys.request(prefix, id),
    queryFn: () => api<ReviewRequestDetail>('GET', `/api/${prefix}/review_requests/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

/** Every review of a paper (with the reviewer's name). */
export const paperReviewsQueryOptions = (prefix: RolePrefix, paperId: number) =>
  queryOptions({
    queryKey: reviewKeys.paperReviews(prefix, paperId),
    queryFn: () => api<ReviewDto[]>('GET', `/api/${prefix}/reviews/paper/${paperId}`),
    enabled: Number.isInteger(paperId) && paperId > 0,
    retry: false,
  });

/** The submitted reviews of a page of papers, in one call (POST reviews/papers), keyed by paper id. */
export const pageReviewsQueryOptions = (prefix: RolePrefix, paperIds: number[]) =>
  queryOptions({
    queryKey: reviewKeys.pageReviews(prefix, paperIds),
    queryFn: () =>
      api<Record<number, ReviewDto[]>>('POST', `/api/${prefix}/reviews/papers`, { ids: paperIds }),
    enabled: paperIds.length > 0,
  });

export const useTrackPapers = (trackId: number | null) =>
  useQuery(trackPapersQueryOptions(useRolePrefix(), trackId));
export const useReviewPaper = (paperId: number | null) =>
  useQuery(reviewPaperQueryOptions(useRolePrefix(), paperId));
export const useTrackReviewers = (trackId: number | null) =>
  useQuery(trackReviewersQueryOptions(useRolePrefix(), trackId));
export const useCandidates = (paperId: number | null, isCameraReady: boolean, round = 1) =>
  useQuery({
    ...candidatesQueryOptions(useRolePrefix(), paperId ?? 0, isCameraReady, round),
    enabled: paperId !== null,
  });
/** The candidates of several papers at once (manual assignment), in one round and role. */
export function useCandidatesOf(
  paperIds: number[],
  isCameraReady: boolean,
  round = 1,
  role: ReviewRole = 'reviewer',
) {
  const prefix = useRolePrefix();
  return useQueries({
    queries: paperIds.map((id) => candidatesQueryOptions(prefix, id, isCameraReady, round, role)),
  });
}
/** The review rounds of a track (null: none chosen yet). */
export const useRounds = (trackId: number | null) => useQuery(roundsQueryOptions(useRolePrefix(), trackId));
export const useReviewRequests = (q: ReviewRequestQuery, enabled = true) =>
  useQuery(reviewRequestsQueryOptions(useRolePrefix(), q, enabled));
export const useReviewRequest = (id: number) => useQuery(reviewRequestQueryOptions(useRolePrefix(), id));
export const usePaperReviews = (paperId: number) =>
  useQuery(paperReviewsQueryOptions(useRolePrefix(), paperId));
export const usePageReviews = (paperIds: number[]) =>
  useQuery(pageReviewsQueryOptions(useRolePrefix(), paperIds));

export const personName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

/**
 * GET /api/{prefix}/discussion/:paperId: the paper's discussion (every visibility). Reading it marks every
 * comment read on the server; the answer still flags what was unread, so it is not refetched while shown.
 */
export const useDiscussion = (paperId: number) => {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: reviewKeys.discussion(prefix, paperId),
    queryFn: () => api<DiscussionDto>('GET', `/api/${prefix}/discussion/${paperId}`),
    enabled: paperId > 0,
    retry: false,
    staleTime: Infinity,
  });
};

/** GET /api/{prefix}/discussion/:paperId/reviews: the submitted reviews with every version. */
export const useDiscussionReviews = (paperId: number) => {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: reviewKeys.discussionReviews(prefix, paperId),
    queryFn: () => api<DiscussionReviewDto[]>('GET', `/api/${prefix}/discussion/${paperId}/reviews`),
    enabled: paperId > 0,
    retry: false,
  });
};

/** GET /api/{prefix}/discussion: papers by discussion activity with unread counts and the score spread. */
export const useDiscussions = (q: DiscussionListQuery) => {
  const prefix = useRolePrefix();
  return useQuery({
    queryKey: reviewKeys.discussions(prefix, q),
    queryFn: () =>
      api<{ count: number; data: DiscussionListRowDto[] }>(
        'GET',
        `/api/${prefix}/discussion${requestQueryString(q as ReviewRequestQuery)}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};
