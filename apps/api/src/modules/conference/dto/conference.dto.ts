import { Optional, Nullable } from '../../../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CONFERENCE_MESSAGES,
  FILTER_OPERATORS,
  USER_FILTER_FIELDS,
  USER_TRACK_FILTER_FIELDS,
  type ConferenceDto,
  type ConferenceNameDto,
  type EditPaperSubmissionValues,
  type FilterOperator,
  type UserFilterDescriptor,
  type UserFilterName,
  type UtilsDto,
  type UtilsFilterType,
} from '@symposium/domain';
import { Transform, Type } from 'class-transformer';
import { Allow, IsBoolean, IsDefined, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { createValidationPipe } from '../../../common/validation.js';
import { ConferenceErrors } from '../conference.errors.js';
import type { ConferenceService } from '../conference.service.js';
import { RequestErrors } from '../../../common/request.errors.js';

/** Multipart and form fields carry booleans as 'true'/'false'. */
const FormBoolean = () =>
  Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));

const SHORT = 500;
const LONG = 5000;
const HTML = 500_000;

const Text = (max: number) => (target: object, key: string) => {
  ApiPropertyOptional()(target, key);
  Optional()(target, key);
  MaxLength(max)(target, key);
  IsString()(target, key);
};

export class AuthorViewDto {
  @ApiProperty()
  @FormBoolean()
  @IsBoolean({ message: CONFERENCE_MESSAGES.authorView })
  viewConferenceTrackStatus!: boolean;

  /** The published programme shows organizations beside names (kept as it is when absent). */
  @ApiPropertyOptional()
  @Optional()
  @FormBoolean()
  @IsBoolean({ message: CONFERENCE_MESSAGES.authorView })
  viewProgrammeOrganizations?: boolean;
}

/** Fields of the /PublisherSettings screen. */
export class PublisherSettingsDto {
  @Text(LONG) copyright?: string;
  @ApiPropertyOptional() @Optional() @FormBoolean() @IsBoolean() consentFileUpload?: boolean;
  @ApiPropertyOptional() @Optional() @FormBoolean() @IsBoolean() digitalConsentSigning?: boolean;
  @Text(200) consentButtonLabel?: string;
  /** Sanitized on save (allow-list HTML). */
  @Text(HTML) publishingAgreementHtml?: string;
}

/**
 * PUT /chair/conference/:id: the text fields of ConferenceDto, every one optional (absent = unchanged).
 * banner/logo as text: null, '' or 'null' removes the image; any other text (the current URL) keeps it;
 * a file in the banner/logo part replaces it. _id and agreementVersion are accepted and ignored, so a
 * client may send the ConferenceDto it read.
 */
export class UpdateConferenceDto extends PublisherSettingsDto {
  @Text(SHORT) shortName?: string;
  @Text(SHORT) fullName?: string;
  @Text(SHORT) externalURL?: string;
  @Text(SHORT) dates?: string;
  @Text(SHORT) city?: string;
  @Text(SHORT) country?: string;
  @Text(LONG) support?: string;
  @Text(LONG) hotel?: string;
  @Text(LONG) address?: string;
  /** Trusted chair HTML, sanitized on save like the agreement. */
  @Text(HTML) programTable?: string;
  /** IANA time zone (e.g. Europe/Lisbon); programme times are local to it. */
  @Text(100) timeZone?: string;

  @ApiPropertyOptional({ type: AuthorViewDto })
  @Optional()
  @ValidateNested()
  @Type(() => AuthorViewDto)
  @IsObject({ message: CONFERENCE_MESSAGES.authorView })
  authorView?: AuthorViewDto;

  @ApiPropertyOptional({ type: String, nullable: true })
  @Nullable()
  @MaxLength(SHORT)
  @IsString()
  banner?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  @Nullable()
  @MaxLength(SHORT)
  @IsString()
  logo?: string | null;

  @Allow() _id?: unknown;
  @Allow() agreementVersion?: unknown;
}

export class ConferenceNotifyDto {
  @ApiProperty()
  @IsBoolean({ message: CONFERENCE_MESSAGES.notify })
  @IsDefined({ message: CONFERENCE_MESSAGES.notify })
  notify!: boolean;
}

const validation = createValidationPipe();

/**
 * The body of the chair's conference PUT, from JSON or multipart/form-data: authorView may come as a JSON
 * string or as the field 'authorView.viewConferenceTrackStatus'; then the usual validation.
 */
export async function parseConferenceBody(raw: unknown): Promise<UpdateConferenceDto> {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw RequestErrors.invalid('The body must be an object');
  const body: Record<string, unknown> = { ...((raw as Record<string, unknown> | null | undefined) ?? {}) };
  const dotted = 'authorView.viewConferenceTrackStatus';
  if (Object.hasOwn(body, dotted)) {
    body.authorView = { viewConferenceTrackStatus: body[dotted] };
    delete body[dotted];
  }
  if (typeof body.authorView === 'string') {
    try {
      body.authorView = JSON.parse(body.authorView) as unknown;
    } catch {
      throw ConferenceErrors.authorView();
    }
  }
  return (await validation.transform(body, {
    type: 'body',
    metatype: UpdateConferenceDto,
  })) as UpdateConferenceDto;
}

/** The OpenAPI schema of GET /api/author/conference/name (public). */
export class ConferenceNameDoc implements ConferenceNameDto {
  @ApiProperty() shortName!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty() timeZone!: string;
}

type ConferenceAuthorView = ConferenceDto['authorView'];
export class ConferenceAuthorViewDoc implements ConferenceAuthorView {
  @ApiProperty({ description: "Authors see their paper's decision (the status text)" })
  viewConferenceTrackStatus!: boolean;
  @ApiProperty({ description: 'The published programme shows organizations beside names' })
  viewProgrammeOrganizations!: boolean;
}

/** The conference (ConferenceDto of libs/domain), for the API documentation. */
export class ConferenceDoc implements ConferenceDto {
  @ApiProperty() _id!: number;
  @ApiProperty() shortName!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty() externalURL!: string;
  @ApiProperty() dates!: string;
  @ApiProperty() city!: string;
  @ApiProperty() country!: string;
  @ApiProperty() copyright!: string;
  @ApiProperty() support!: string;
  @ApiProperty() hotel!: string;
  @ApiProperty() address!: string;
  @ApiProperty({ type: ConferenceAuthorViewDoc }) authorView!: ConferenceAuthorViewDoc;
  @ApiProperty({ description: 'Sanitized HTML' }) programTable!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The URL of the banner image, null when none' })
  banner!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The URL of the logo image, null when none' })
  logo!: string | null;
  @ApiProperty() consentFileUpload!: boolean;
  @ApiProperty() digitalConsentSigning!: boolean;
  @ApiProperty() consentButtonLabel!: string;
  @ApiProperty({ description: 'Sanitized HTML' }) publishingAgreementHtml!: string;
  @ApiProperty({ description: 'Bumped each time the publishing agreement text changes' })
  agreementVersion!: number;
  @ApiProperty({ example: 'Europe/Lisbon', description: 'IANA time zone of the conference' })
  timeZone!: string;
}

/** PUT /api/author/conference/{conferenceId}: the caller's "notify me" option as stored. */
export class ConferenceNotifyDoc implements Awaited<ReturnType<ConferenceService['setNotify']>> {
  @ApiProperty() notify!: boolean;
}

export class EditPaperSubmissionValuesDoc implements EditPaperSubmissionValues {
  @ApiProperty() titleMax!: number;
  @ApiProperty() abstractMin!: number;
  @ApiProperty() abstractDefaultMax!: number;
  @ApiProperty() commentMax!: number;
  @ApiProperty() shortCommentMax!: number;
  @ApiProperty() cameraReadyShortCommentMax!: number;
  @ApiProperty({ type: [String] }) allowedUploadExtensions!: string[];
  @ApiProperty({ description: 'MB' }) defaultFileSizeLimit!: number;
  @ApiProperty({ type: [String] }) bulkEditParams!: string[];
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "Review decision labels by final decision value ('2', '1', '0', '-1')",
  })
  reviewDecisionLabels!: Record<string, string>;
}

export class UserFilterDescriptorDoc implements UserFilterDescriptor {
  @ApiProperty({ enum: [...USER_FILTER_FIELDS, ...USER_TRACK_FILTER_FIELDS] }) name!: UserFilterName;
  @ApiProperty() label!: string;
  @ApiProperty({ enum: ['string', 'boolean', 'number', 'date'] }) type!: UtilsFilterType;
  @ApiProperty({ enum: FILTER_OPERATORS, isArray: true }) operators!: FilterOperator[];
}

type UtilsFilters = UtilsDto['filters'];
export class UtilsFiltersDoc implements UtilsFilters {
  @ApiProperty({ type: [UserFilterDescriptorDoc] }) user!: UserFilterDescriptorDoc[];
}

/** GET /api/utils (UtilsDto of libs/domain): static limits, labels and filter descriptions. */
export class UtilsDoc implements UtilsDto {
  @ApiProperty({ type: EditPaperSubmissionValuesDoc })
  editPaperSubmissionValues!: EditPaperSubmissionValuesDoc;
  @ApiProperty({ type: UtilsFiltersDoc }) filters!: UtilsFiltersDoc;
}
