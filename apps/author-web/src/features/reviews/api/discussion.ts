import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthorDiscussionCommentDto,
  DiscussionCommentDto,
  DiscussionDto,
  DiscussionReviewDto,
  DiscussionVisibility,
  SubmittedResponseDto,
} from '@symposium/domain';
import { api } from '@symposium/ui';

const validId = (id: number) => Number.isInteger(id) && id > 0;
export const discussionKeys = {
  thread: (paperId: number) => ['reviewer', 'discussion', paperId] as const,
  reviews: (paperId: number) => ['reviewer', 'discussion', paperId, 'reviews'] as const,
  author: (paperId: number) => ['author', 'papers', paperId, 'discussion'] as const,
  responses: (paperId: number) => ['reviewer', 'papers', paperId, 'responses'] as const,
};

/** GET /api/reviewer/papers/:paperId/responses: the authors' submitted responses (drafts never). */
export const useReviewerResponses = (paperId: number) =>
  useQuery({
    queryKey: discussionKeys.responses(paperId),
    queryFn: () => api<SubmittedResponseDto[]>('GET', `/api/reviewer/papers/${paperId}/responses`),
    enabled: validId(paperId),
    retry: false,
  });

/**
 * GET /api/reviewer/discussion/:paperId: the thread (404 until the caller submitted their review, unless the
 * track opens it earlier). Reading it marks every comment read; the answer still flags the unread ones.
 */
export const useDiscussion = (paperId: number, enabled = true) =>
  useQuery({
    queryKey: discussionKeys.thread(paperId),
    queryFn: () => api<DiscussionDto>('GET', `/api/reviewer/discussion/${paperId}`),
    enabled: enabled && validId(paperId),
    retry: false,
    staleTime: Infinity,
  });

/** GET /api/reviewer/discussion/:paperId/reviews: the paper's submitted reviews with their versions. */
export const useDiscussionReviews = (paperId: number, enabled = true) =>
  useQuery({
    queryKey: discussionKeys.reviews(paperId),
    queryFn: () => api<DiscussionReviewDto[]>('GET', `/api/reviewer/discussion/${paperId}/reviews`),
    enabled: enabled && validId(paperId),
    retry: false,
    staleTime: 0,
  });

/** POST /api/reviewer/discussion/:paperId {text, visibility}. */
export function usePostComment(paperId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; visibility: DiscussionVisibility }) =>
      api<DiscussionCommentDto>('POST', `/api/reviewer/discussion/${paperId}`, body),
    onSuccess: (comment) => {
      qc.setQueryData<DiscussionDto>(discussionKeys.thread(paperId), (d) =>
        d ? { ...d, comments: [...d.comments, comment] } : d,
      );
      void qc.invalidateQueries({ queryKey: ['reviewer', 'requests'], exact: true });
    },
  });
}

/** GET /api/author/papers/:paperId/discussion: the comments to the authors, once the reviews are released. */
export const useAuthorDiscussion = (paperId: number, enabled = true) =>
  useQuery({
    queryKey: discussionKeys.author(paperId),
    queryFn: () => api<AuthorDiscussionCommentDto[]>('GET', `/api/author/papers/${paperId}/discussion`),
    enabled: enabled && validId(paperId),
    retry: false,
    staleTime: 0,
  });
