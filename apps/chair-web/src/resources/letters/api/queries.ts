import type {
  DocumentBatchDto,
  DocumentTemplateDto,
  IssuedDocumentDto,
  LetterSettingsDto,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRolePrefix, type RolePrefix } from '../../../hooks/use-role-prefix';
import { chairLettersBase } from './files';

/** Every key of the letters screens starts with 'letters': a write refreshes what it touched. */
export const letterKeys = {
  all: ['letters'] as const,
  settings: ['letters', 'settings'] as const,
  templates: ['letters', 'templates'] as const,
  documents: (prefix: RolePrefix, paperId: number) => ['letters', prefix, 'documents', paperId] as const,
  batch: (prefix: RolePrefix, id: number | null) => ['letters', prefix, 'batch', id] as const,
};

/** The settings without `hasSignature`: the body of PUT /letters/settings. */
export type LetterSettingsInput = Omit<LetterSettingsDto, 'hasSignature'>;

export const letterSettingsQueryOptions = () =>
  queryOptions({
    queryKey: letterKeys.settings,
    queryFn: () => api<LetterSettingsDto>('GET', `${chairLettersBase}/settings`),
  });

export const documentTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: letterKeys.templates,
    queryFn: () => api<DocumentTemplateDto[]>('GET', `${chairLettersBase}/templates`),
  });

/** The documents issued for a paper, newest first. */
export const paperDocumentsQueryOptions = (prefix: RolePrefix, paperId: number) =>
  queryOptions({
    queryKey: letterKeys.documents(prefix, paperId),
    queryFn: () => api<IssuedDocumentDto[]>('GET', `/api/${prefix}/documents?paperId=${paperId}`),
    enabled: Number.isInteger(paperId) && paperId > 0,
  });

const finished = (b: DocumentBatchDto | undefined) => b?.state === 'done' || b?.state === 'failed';

/** A batch, polled every second until it is done or failed. */
export const batchQueryOptions = (prefix: RolePrefix, id: number | null) =>
  queryOptions({
    queryKey: letterKeys.batch(prefix, id),
    queryFn: () => api<DocumentBatchDto>('GET', `/api/${prefix}/documents/batches/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (finished(q.state.data) ? false : 1000),
  });

export const useLetterSettings = () => useQuery(letterSettingsQueryOptions());
export const useDocumentTemplates = () => useQuery(documentTemplatesQueryOptions());
export const usePaperDocuments = (paperId: number) =>
  useQuery(paperDocumentsQueryOptions(useRolePrefix(), paperId));
export const useBatch = (id: number | null) => useQuery(batchQueryOptions(useRolePrefix(), id));
