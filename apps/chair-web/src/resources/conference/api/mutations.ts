import type { ConferenceDto } from '@symposium/domain';
import { api } from '@symposium/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conferenceKeys, conferencePath } from './queries';

export interface PublisherSettingsInput {
  copyright: string;
  consentFileUpload: boolean;
  digitalConsentSigning: boolean;
  consentButtonLabel: string;
  publishingAgreementHtml: string;
}

/** A write answering the conference: stores the answer and refreshes the session's copy (top bar name and logo). */
function useConferenceWrite<V>(mutationFn: (v: V) => Promise<ConferenceDto>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (conference) => {
      qc.setQueryData(conferenceKeys.all, conference);
      void qc.invalidateQueries({ queryKey: ['conference'] });
    },
  });
}

/** PUT multipart: the conference fields as text, plus optional banner and logo files. */
export const useUpdateConference = () =>
  useConferenceWrite((form: FormData) => api<ConferenceDto>('PUT', conferencePath, form));

export const useUpdatePublisherSettings = () =>
  useConferenceWrite((body: PublisherSettingsInput) =>
    api<ConferenceDto>('PUT', `${conferencePath}/publisher`, body),
  );
