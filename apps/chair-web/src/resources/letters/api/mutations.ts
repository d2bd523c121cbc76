import type {
  BillingKind,
  DocumentBatchDto,
  DocumentKind,
  DocumentTemplateDto,
  IssuedDocumentDto,
  LetterKind,
  LetterSettingsDto,
  PaperFilter,
} from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../../hooks/use-invalidating-mutation';
import { useRolePrefix } from '../../../hooks/use-role-prefix';
import { activeFilters, paperKeys } from '../../papers/api/queries';
import { chairLettersBase, fetchFile } from './files';
import { letterKeys, type LetterSettingsInput } from './queries';

// Settings and templates (chair only) ---------------------------------------------------------------------

function useSettingsWrite<V>(fn: (v: V) => Promise<LetterSettingsDto>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (saved) => qc.setQueryData(letterKeys.settings, saved) });
}

export const useSaveLetterSettings = () =>
  useSettingsWrite((body: LetterSettingsInput) =>
    api<LetterSettingsDto>('PUT', `${chairLettersBase}/settings`, body),
  );

export const useUploadSignature = () =>
  useSettingsWrite((file: File) => {
    const form = new FormData();
    form.append('signature', file, file.name);
    return api<LetterSettingsDto>('PUT', `${chairLettersBase}/settings/signature`, form);
  });

export const useRemoveSignature = () =>
  useSettingsWrite(() => api<LetterSettingsDto>('DELETE', `${chairLettersBase}/settings/signature`));

const useTemplateWrite = <V>(fn: (v: V) => Promise<DocumentTemplateDto>) =>
  useInvalidatingMutation([letterKeys.templates], fn, 'success');

export const useSaveTemplate = () =>
  useTemplateWrite(({ kind, html }: { kind: DocumentKind; html: string }) =>
    api<DocumentTemplateDto>('PUT', `${chairLettersBase}/templates/${kind}`, { html }),
  );

export const useResetTemplate = () =>
  useTemplateWrite((kind: DocumentKind) =>
    api<DocumentTemplateDto>('DELETE', `${chairLettersBase}/templates/${kind}`),
  );

// Issued documents (chair and track chair) ----------------------------------------------------------------

function useDocumentWrite<V, R>(fn: (prefix: string, v: V) => Promise<R>) {
  const prefix = useRolePrefix();
  return useInvalidatingMutation([letterKeys.all], (v: V) => fn(prefix, v), 'settled-awaited');
}

export const useRevokeDocument = () =>
  useDocumentWrite((prefix, { id, reason }: { id: number; reason: string }) =>
    api<IssuedDocumentDto>('POST', `/api/${prefix}/documents/${id}/revoke`, { reason }),
  );

export const useCreditDocument = () =>
  useDocumentWrite((prefix, { id, reason }: { id: number; reason: string }) =>
    api<IssuedDocumentDto>('POST', `/api/${prefix}/documents/${id}/credit`, { reason }),
  );

/** POST /papers/letter/{paperId} (multipart) → the PDF; a file `signature`, else the stored one. */
export const useGenerateLetter = () =>
  useDocumentWrite(
    (
      prefix,
      {
        paperId,
        kind,
        author,
        signature,
      }: { paperId: number; kind: LetterKind; author: number | null; signature: File | null },
    ) => {
      const form = new FormData();
      form.append('kind', kind);
      if (author !== null) form.append('author', String(author));
      if (signature) form.append('signature', signature, signature.name);
      return fetchFile('POST', `/api/${prefix}/papers/letter/${paperId}`, form, `${kind}-${paperId}.pdf`);
    },
  );

export const useGenerateBilling = () =>
  useDocumentWrite((prefix, { paperId, kind }: { paperId: number; kind: BillingKind }) =>
    fetchFile('POST', `/api/${prefix}/papers/invoice/${paperId}`, { kind }, `${kind}-${paperId}.pdf`),
  );

/** The authors may download a letter: the paper's switch (PUT /papers/{id}); refreshes the papers. */
export function useInvalidatePapersAndLetters() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: paperKeys.all }),
      qc.invalidateQueries({ queryKey: letterKeys.all }),
    ]);
}

// Bulk issue ----------------------------------------------------------------------------------------------

export interface BatchRequest {
  kind: DocumentKind;
  ids?: number[];
  filters?: PaperFilter[];
  search?: string;
}

export const useStartBatch = () =>
  useDocumentWrite((prefix, body: BatchRequest) =>
    api<DocumentBatchDto>('POST', `/api/${prefix}/documents/batches`, {
      kind: body.kind,
      ...(body.ids && body.ids.length
        ? { ids: body.ids }
        : { filters: activeFilters(body.filters ?? []), search: (body.search ?? '').trim() }),
    }),
  );
