import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegisteredPaperDto } from '@symposium/domain';
import { api } from '@symposium/ui';

/** GET /api/registered/papers/:paperId: a registered paper for participants and session chairs. */
export const getRegisteredPaper = (paperId: number) =>
  api<RegisteredPaperDto>('GET', `/api/registered/papers/${paperId}`);
export const registeredPaperQueryOptions = (paperId: number) =>
  queryOptions({
    queryKey: ['registered', 'papers', paperId],
    queryFn: () => getRegisteredPaper(paperId),
    enabled: Number.isInteger(paperId) && paperId > 0,
    retry: false,
  });
export const useRegisteredPaper = (paperId: number) => useQuery(registeredPaperQueryOptions(paperId));

export const registeredFileUrl = (paperId: number, fileId: number) =>
  `/api/registered/papers/${paperId}/download/${fileId}`;
