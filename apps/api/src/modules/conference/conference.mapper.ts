import type { ConferenceDto } from '@symposium/domain';
import type { ImageMeta } from './conference.repository.js';
import type { ConferenceRow } from './conference.table.js';

/** URL of a conference image; ?v= changes with each upload, so browsers may cache it. */
export const imageUrl = (conferenceId: number, image: ImageMeta | undefined): string | null =>
  image ? `/api/author/conference/${conferenceId}/${image.kind}?v=${image.updatedAt.getTime()}` : null;

/** The conference as the API shows it (spec §3 field names; banner and logo as URLs). */
export function toConferenceDto(row: ConferenceRow, images: ImageMeta[]): ConferenceDto {
  return {
    _id: row.id,
    shortName: row.shortName,
    fullName: row.fullName,
    externalURL: row.externalUrl,
    dates: row.dates,
    city: row.city,
    country: row.country,
    copyright: row.copyright,
    support: row.support,
    hotel: row.hotel,
    address: row.address,
    authorView: {
      viewConferenceTrackStatus: Boolean(row.authorView?.viewConferenceTrackStatus),
      viewProgrammeOrganizations: row.authorView?.viewProgrammeOrganizations !== false,
    },
    programTable: row.programTable,
    banner: imageUrl(
      row.id,
      images.find((i) => i.kind === 'banner'),
    ),
    logo: imageUrl(
      row.id,
      images.find((i) => i.kind === 'logo'),
    ),
    consentFileUpload: row.consentFileUpload,
    digitalConsentSigning: row.digitalConsentSigning,
    consentButtonLabel: row.consentButtonLabel,
    publishingAgreementHtml: row.publishingAgreementHtml,
    agreementVersion: row.agreementVersion,
    timeZone: row.timeZone,
  };
}
