import type { ConferenceDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** The one conference of this installation. */
export const CONFERENCE_ID = 1;
const path = `/api/chair/conference/${CONFERENCE_ID}`;
export const conferenceQueryKey = ['chair', 'conference', CONFERENCE_ID] as const;

export const fetchConference = () => api<ConferenceDto>('GET', path);

export const useConference = () => useQuery({ queryKey: conferenceQueryKey, queryFn: fetchConference });

/** Stores the answer and refreshes the session's copy (top bar name and logo). */
function saved(qc: QueryClient, conference: ConferenceDto) {
  qc.setQueryData(conferenceQueryKey, conference);
  void qc.invalidateQueries({ queryKey: ['conference'] });
}

/** PUT multipart: the conference fields as text, plus optional banner and logo files. */
export function useUpdateConference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api<ConferenceDto>('PUT', path, form),
    onSuccess: (conference) => saved(qc, conference),
  });
}

export interface PublisherSettingsInput {
  copyright: string;
  consentFileUpload: boolean;
  digitalConsentSigning: boolean;
  consentButtonLabel: string;
  publishingAgreementHtml: string;
}

export function useUpdatePublisherSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PublisherSettingsInput) => api<ConferenceDto>('PUT', `${path}/publisher`, body),
    onSuccess: (conference) => saved(qc, conference),
  });
}
