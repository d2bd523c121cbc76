import { useMutation } from '@tanstack/react-query';
import type { PaperDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useStorePaper } from './papers';

/** POST /api/author/papers/:paperId/consent {signature}: the server draws the signature as a JPEG. */
export const signConsent = (paperId: number, signature: string) =>
  api<{ message: string; paper: PaperDto }>('POST', `/api/author/papers/${paperId}/consent`, { signature });

export function useSignConsent(paperId: number) {
  const store = useStorePaper();
  return useMutation({
    mutationFn: (signature: string) => signConsent(paperId, signature),
    onSuccess: (r) => store(r.paper),
  });
}

/** The signature JPEG; `version` (the signing time) defeats the browser cache after a new signature. */
export const signatureUrl = (paperId: number, version: string) =>
  `/api/author/papers/${paperId}/consent/signature?v=${encodeURIComponent(version)}`;
