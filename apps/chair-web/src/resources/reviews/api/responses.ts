import type { SubmittedResponseDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';

/** GET /api/{chair|cochair}/reviews/paper/{paperId}/responses: the paper's submitted author responses. */
export const paperResponsesQueryOptions = (prefix: RolePrefix, paperId: number) =>
  queryOptions({
    queryKey: [prefix, 'reviews', 'paper', paperId, 'responses'],
    queryFn: () => api<SubmittedResponseDto[]>('GET', `/api/${prefix}/reviews/paper/${paperId}/responses`),
    enabled: paperId > 0,
  });
export const usePaperResponses = (paperId: number) =>
  useQuery(paperResponsesQueryOptions(useRolePrefix(), paperId));
