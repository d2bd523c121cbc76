import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BidPaperDto,
  BidValue,
  DeclaredConflictDto,
  MetaReviewInput,
  MetaReviewPageDto,
  PaperFileDto,
  ReviewDto,
  ReviewInput,
  ReviewRequestDto,
} from '@symposium/domain';
import { api } from '@symposium/ui';

/** What GET /api/reviewer/papers/:paperId answers (a paper assigned to the caller, never its authors). */
export interface ReviewerPaper {
  paper: {
    _id: number;
    title: string;
    abstract: { text: string };
    track: number;
    trackName: string;
    isCameraReady: boolean;
    /** The files the reviewer may download (GET /api/reviewer/papers/:id/download/:fileId). */
    files: PaperFileDto[];
  };
  requests: ReviewRequestDto[];
  reviews: ReviewDto[];
}

const validId = (id: number) => Number.isInteger(id) && id > 0;

/** GET /api/reviewer/review_requests: the caller's own requests (one page of 100, the most the API gives). */
export const getRequests = () =>
  api<{ count: number; data: ReviewRequestDto[] }>('GET', '/api/reviewer/review_requests?pg=100');
export const requestsQueryOptions = () =>
  queryOptions({ queryKey: ['reviewer', 'requests'], queryFn: getRequests, staleTime: 0 });
export const useRequests = () => useQuery(requestsQueryOptions());

/** GET /api/reviewer/review_requests/:id (another reviewer's request answers like a missing one). */
export const getRequest = (id: number) => api<ReviewRequestDto>('GET', `/api/reviewer/review_requests/${id}`);
export const useRequest = (id: number) =>
  useQuery({
    queryKey: ['reviewer', 'requests', id],
    queryFn: () => getRequest(id),
    enabled: validId(id),
    retry: false,
    staleTime: 0,
  });

/** PUT /api/reviewer/review_requests/:id {action}: accept or decline a waiting request. */
export const answerRequest = (id: number, action: 'accept' | 'decline') =>
  api<ReviewRequestDto>('PUT', `/api/reviewer/review_requests/${id}`, { action });
export function useAnswerRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'decline' }) => answerRequest(id, action),
    onSuccess: (request) => {
      qc.setQueryData(['reviewer', 'requests', request._id], request);
      void qc.invalidateQueries({ queryKey: ['reviewer', 'requests'], exact: true });
      void qc.invalidateQueries({ queryKey: ['reviewer', 'papers', request.paper] });
    },
  });
}

/** GET /api/reviewer/papers/:paperId: the paper, the caller's requests for it and their review (draft or not). */
export const getReviewerPaper = (paperId: number) =>
  api<ReviewerPaper>('GET', `/api/reviewer/papers/${paperId}`);
export const useReviewerPaper = (paperId: number, enabled = true) =>
  useQuery({
    queryKey: ['reviewer', 'papers', paperId],
    queryFn: () => getReviewerPaper(paperId),
    enabled: enabled && validId(paperId),
    retry: false,
    staleTime: 0,
  });

export type ReviewBody = ReviewInput & { isCameraReady?: boolean };

/** PUT /api/reviewer/papers/:paperId: a draft (draft: true) or the submitted review (§5 rules on the server). */
export const saveReview = (paperId: number, body: ReviewBody) =>
  api<{ request: ReviewRequestDto; review: ReviewDto }>('PUT', `/api/reviewer/papers/${paperId}`, body);
export function useSaveReview(paperId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => saveReview(paperId, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['reviewer', 'papers', paperId] });
      void qc.invalidateQueries({ queryKey: ['reviewer', 'requests'] });
    },
  });
}

/** GET /api/reviewer/bids: the papers of the reviewer's tracks (never their own) with their bid. */
export const getBids = () => api<BidPaperDto[]>('GET', '/api/reviewer/bids');
export const useBids = () => useQuery({ queryKey: ['reviewer', 'bids'], queryFn: getBids, staleTime: 0 });

/** PUT /api/reviewer/bids: sets (or clears, with null) the bids given; answers the whole list. */
export const saveBids = (bids: { paper: number; bid: BidValue | null }[]) =>
  api<BidPaperDto[]>('PUT', '/api/reviewer/bids', { bids });
export function useSaveBids() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBids,
    onSuccess: (list) => qc.setQueryData(['reviewer', 'bids'], list),
  });
}

/** GET /api/reviewer/conflicts: the people the reviewer declared a conflict of interest with. */
export const getConflicts = () => api<DeclaredConflictDto[]>('GET', '/api/reviewer/conflicts');
export const useConflicts = () =>
  useQuery({ queryKey: ['reviewer', 'conflicts'], queryFn: getConflicts, staleTime: 0 });

/** PUT /api/reviewer/conflicts: replaces the whole list (people by e-mail). */
export const saveConflicts = (conflicts: { email: string; reason?: string }[]) =>
  api<DeclaredConflictDto[]>('PUT', '/api/reviewer/conflicts', { conflicts });
export function useSaveConflicts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveConflicts,
    onSuccess: (list) => qc.setQueryData(['reviewer', 'conflicts'], list),
  });
}

/** GET /api/reviewer/papers/:paperId/meta_review: the meta-review screen of the paper's meta-reviewer (issue 25). */
export const getMetaReviewPage = (paperId: number) =>
  api<MetaReviewPageDto>('GET', `/api/reviewer/papers/${paperId}/meta_review`);
export const useMetaReviewPage = (paperId: number) =>
  useQuery({
    queryKey: ['reviewer', 'meta', paperId],
    queryFn: () => getMetaReviewPage(paperId),
    enabled: validId(paperId),
    retry: false,
    staleTime: 0,
  });

/** PUT …/meta_review (a draft) or POST …/meta_review/submit. */
export function useWriteMetaReview(paperId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ submit, ...body }: MetaReviewInput & { submit: boolean }) =>
      submit
        ? api<MetaReviewPageDto>('POST', `/api/reviewer/papers/${paperId}/meta_review/submit`, body)
        : api<MetaReviewPageDto>('PUT', `/api/reviewer/papers/${paperId}/meta_review`, body),
    onSuccess: (page) => {
      qc.setQueryData(['reviewer', 'meta', paperId], page);
      void qc.invalidateQueries({ queryKey: ['reviewer', 'requests'], exact: true });
    },
  });
}
