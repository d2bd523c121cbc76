import { useQuery } from '@tanstack/react-query';
import type { AuthorReviewDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/**
 * GET /api/author/papers/:paperId/reviews: the submitted reviews of the caller's paper once the chair enabled
 * authorViewReviewEnabled (no reviewer identity, no comments to the chair); 404 'The reviews of this paper are
 * not available' before.
 */
export const getAuthorReviews = (paperId: number) =>
  api<AuthorReviewDto[]>('GET', `/api/author/papers/${paperId}/reviews`);
export const useAuthorReviews = (paperId: number, enabled = true) =>
  useQuery({
    queryKey: ['author', 'papers', paperId, 'reviews'],
    queryFn: () => getAuthorReviews(paperId),
    enabled: enabled && Number.isInteger(paperId) && paperId > 0,
    retry: false,
    staleTime: 0,
  });
