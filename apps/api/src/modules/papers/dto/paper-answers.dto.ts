import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  PAPER_FILE_PARTS,
  type AnsweredQuestion,
  type CameraReadyPart,
  type ChairPaperDto,
  type ConfirmationEmailDto,
  type PaperActions,
  type PaperAuthorDto,
  type PaperConsentDto,
  type PaperDto,
  type PaperFileDto,
  type PaperFilePart,
  type PaperQueryResult,
  type PaperRegistration,
  type PresentationReadyPart,
  type RegisteredPaperDto,
  type RegistrationImportError,
  type RegistrationImportResult,
} from '@symposium/domain';
import type { AuthorPapersService } from '../author-papers.service.js';
import type { ChairPapersService } from '../chair-papers.service.js';
import type { PaperFilesService } from '../paper-files.service.js';

/*
 * The OpenAPI schemas of the papers module's answers (PaperDto, ChairPaperDto and RegisteredPaperDto of
 * libs/domain and their parts), for the API documentation: each class implements the type its routes
 * return, so TypeScript keeps them in step.
 */

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/** A stored file of a paper. */
export class PaperFileDoc implements PaperFileDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ enum: PAPER_FILE_PARTS }) part!: PaperFilePart;
  @ApiProperty({ description: 'The name it was uploaded with' }) name!: string;
  @ApiProperty({ description: 'Bytes' }) size!: number;
  @ApiProperty({ description: 'Hex SHA-256 of the content' }) sha256!: string;
  @ApiProperty({ example: 'application/pdf' }) contentType!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

/** An author of a paper (its contact fields). */
export class PaperAuthorDoc implements PaperAuthorDto {
  @ApiProperty() _id!: number;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() organization!: string;
  @ApiProperty() country!: string;
}

/** A question of the track's form and the answer given. */
export class AnsweredQuestionDoc implements AnsweredQuestion {
  @ApiProperty({ description: 'The question, the conference name placeholder resolved' }) title!: string;
  @ApiProperty() answer!: string;
}

type PaperAbstract = PaperDto['abstract'];
export class PaperAbstractDoc implements PaperAbstract {
  @ApiProperty() text!: string;
  @ApiProperty({ type: [AnsweredQuestionDoc] }) questions!: AnsweredQuestionDoc[];
  @ApiProperty({ type: [PaperFileDoc], description: 'The submission files' }) files!: PaperFileDoc[];
}

/** The camera-ready slots: one file each, or null. */
export class CameraReadyFilesDoc implements Record<CameraReadyPart, PaperFileDto | null> {
  @ApiProperty({ type: PaperFileDoc, nullable: true }) word!: PaperFileDoc | null;
  @ApiProperty({ type: PaperFileDoc, nullable: true }) pdf!: PaperFileDoc | null;
  @ApiProperty({ type: PaperFileDoc, nullable: true }) springerCopyright!: PaperFileDoc | null;
}

type PaperCameraReady = PaperDto['cameraReady'];
export class CameraReadyDoc implements PaperCameraReady {
  @ApiProperty({ type: CameraReadyFilesDoc }) files!: CameraReadyFilesDoc;
  @ApiProperty({ type: [AnsweredQuestionDoc] }) questions!: AnsweredQuestionDoc[];
}

/** The presentation-ready slots: one file each, or null. */
export class PresentationReadyFilesDoc implements Record<PresentationReadyPart, PaperFileDto | null> {
  @ApiProperty({ type: PaperFileDoc, nullable: true }) ppt!: PaperFileDoc | null;
  @ApiProperty({ type: PaperFileDoc, nullable: true }) ppt_pdf!: PaperFileDoc | null;
  @ApiProperty({ type: PaperFileDoc, nullable: true }) video!: PaperFileDoc | null;
}

type PaperPresentationReady = PaperDto['presentationReady'];
export class PresentationReadyDoc implements PaperPresentationReady {
  @ApiProperty({ type: PresentationReadyFilesDoc }) files!: PresentationReadyFilesDoc;
  @ApiProperty({ type: [AnsweredQuestionDoc] }) questions!: AnsweredQuestionDoc[];
}

/** A registration of a paper (main or other). */
export class PaperRegistrationDoc implements PaperRegistration {
  @ApiProperty({ type: Number, nullable: true, description: 'The registered author (a user id)' })
  author!: number | null;
  @ApiProperty({ description: "The registration number ('' when none)" }) id!: string;
  @ApiProperty({ type: Number, nullable: true }) amount!: number | null;
  @ApiProperty() extra!: string;
}

/** What the authors may do with the paper now (the server decides). */
export class PaperActionsDoc implements PaperActions {
  @ApiProperty() canEdit!: boolean;
  @ApiProperty() canDelete!: boolean;
  @ApiProperty() canSubmitCameraReady!: boolean;
  @ApiProperty() canSubmitPresentationReady!: boolean;
  @ApiProperty() canSignConsent!: boolean;
  @ApiProperty({ description: "The chair made the paper's reviews available to its authors" })
  canViewReviews!: boolean;
}

/** The publishing agreement signed for the paper. */
export class PaperConsentDoc implements PaperConsentDto {
  @ApiProperty({ format: 'date-time' }) signedAt!: string;
  @ApiProperty({ description: 'The user who signed' }) signedBy!: number;
  @ApiProperty({ description: 'The version of the agreement signed' }) agreementVersion!: number;
  @ApiProperty() signatureName!: string;
  @ApiProperty() font!: string;
}

/** A paper as its authors see it (PaperDto of libs/domain). */
export class PaperDoc implements PaperDto {
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: PaperAbstractDoc }) abstract!: PaperAbstractDoc;
  @ApiProperty({ type: [PaperAuthorDoc], description: 'In order' }) authors!: PaperAuthorDoc[];
  @ApiProperty({ type: Number, nullable: true, description: "null when the author's account was deleted" })
  primaryAuthor!: number | null;
  @ApiProperty() track!: number;
  @ApiProperty({ type: Number, nullable: true }) primarySubjectArea!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The status id' }) status!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The status text when the conference shows decisions to authors and one was taken',
  })
  decision!: string | null;
  @ApiProperty() isDeleted!: boolean;
  @ApiProperty() notes!: string;
  @ApiProperty() submittedCameraReady!: boolean;
  @ApiProperty() submittedPresentationReady!: boolean;
  @ApiProperty() isCameraReady!: boolean;
  @ApiProperty() isPresentationReady!: boolean;
  @ApiProperty({ type: CameraReadyDoc }) cameraReady!: CameraReadyDoc;
  @ApiProperty({ type: PresentationReadyDoc }) presentationReady!: PresentationReadyDoc;
  @ApiProperty({ type: PaperRegistrationDoc, nullable: true }) registration!: PaperRegistrationDoc | null;
  @ApiProperty({ type: [PaperRegistrationDoc] }) otherRegistrations!: PaperRegistrationDoc[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  acceptWithRevisionTimestamp!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: PaperActionsDoc }) actions!: PaperActionsDoc;
  @ApiPropertyOptional({ type: PaperConsentDoc, description: 'Only once the agreement is signed' })
  consent?: PaperConsentDoc;
}

/** A paper as the chairs see it (ChairPaperDto of libs/domain): the author view and the chair's fields. */
export class ChairPaperDoc extends PaperDoc implements ChairPaperDto {
  @ApiProperty() trackName!: string;
  @ApiProperty({ type: String, nullable: true }) statusText!: string | null;
  @ApiProperty() acceptanceLetterEnabled!: boolean;
  @ApiProperty() certificateEnabled!: boolean;
  @ApiProperty() invitationLetterEnabled!: boolean;
  @ApiProperty() authorViewReviewEnabled!: boolean;
}

/** POST /api/{chair|cochair}/papers: a page of papers and the total matching (also in X-Total-Count). */
export class PaperPageDoc implements PaperQueryResult {
  @ApiProperty({ description: 'Papers matching the query (every page)' }) count!: number;
  @ApiProperty({ type: [ChairPaperDoc] }) data!: ChairPaperDoc[];
}

type RegisteredAbstract = RegisteredPaperDto['abstract'];
export class RegisteredPaperAbstractDoc implements RegisteredAbstract {
  @ApiProperty() text!: string;
  @ApiProperty({ type: [PaperFileDoc] }) files!: PaperFileDoc[];
}

type RegisteredCameraReadyFiles = RegisteredPaperDto['cameraReady']['files'];
export class RegisteredCameraReadyFilesDoc implements RegisteredCameraReadyFiles {
  @ApiProperty({ type: PaperFileDoc, nullable: true }) pdf!: PaperFileDoc | null;
}

type RegisteredCameraReady = RegisteredPaperDto['cameraReady'];
export class RegisteredCameraReadyDoc implements RegisteredCameraReady {
  @ApiProperty({ type: RegisteredCameraReadyFilesDoc }) files!: RegisteredCameraReadyFilesDoc;
}

type RegisteredPresentationReady = RegisteredPaperDto['presentationReady'];
export class RegisteredPresentationReadyDoc implements RegisteredPresentationReady {
  @ApiProperty({ type: PresentationReadyFilesDoc }) files!: PresentationReadyFilesDoc;
}

/** What a registered participant sees of a registered paper (RegisteredPaperDto of libs/domain). */
export class RegisteredPaperDoc implements RegisteredPaperDto {
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: RegisteredPaperAbstractDoc }) abstract!: RegisteredPaperAbstractDoc;
  @ApiProperty({ type: [PaperAuthorDoc] }) authors!: PaperAuthorDoc[];
  @ApiProperty({ type: Number, nullable: true }) primaryAuthor!: number | null;
  @ApiProperty() track!: number;
  @ApiProperty({ type: Number, nullable: true }) primarySubjectArea!: number | null;
  @ApiProperty({ type: RegisteredCameraReadyDoc }) cameraReady!: RegisteredCameraReadyDoc;
  @ApiProperty({ type: RegisteredPresentationReadyDoc }) presentationReady!: RegisteredPresentationReadyDoc;
}

export class ConfirmationRecipientDoc implements Pick<
  PaperAuthorDto,
  '_id' | 'firstName' | 'lastName' | 'email'
> {
  @ApiProperty() _id!: number;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
}

/** GET /api/author/papers/{paperId}/email: the confirmation e-mail as it will be sent. */
export class ConfirmationEmailDoc implements ConfirmationEmailDto {
  @ApiProperty({ type: [ConfirmationRecipientDoc] }) to!: ConfirmationRecipientDoc[];
  @ApiProperty() subject!: string;
  @ApiProperty() text!: string;
}

/** POST /api/author/papers/{paperId}/email: the confirmation e-mail queued, to these addresses. */
export class ConfirmationSentDoc implements Answer<AuthorPapersService['sendConfirmationEmail']> {
  @ApiProperty({ enum: [true] }) ok!: true;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [String], description: 'The e-mail addresses written to' }) to!: string[];
}

/** DELETE /api/author/papers/{paperId}: the paper withdrawn. */
export class PaperWithdrawnDoc implements Answer<AuthorPapersService['remove']> {
  @ApiProperty({ enum: [true] }) ok!: true;
  @ApiProperty() message!: string;
}

/** An author's action on a paper (a file deleted, camera-ready, presentation-ready, consent): the paper now. */
export class PaperMessageDoc implements Answer<PaperFilesService['deleteFile']> {
  @ApiProperty() message!: string;
  @ApiProperty({ type: PaperDoc }) paper!: PaperDoc;
}

/** An author's upload: the file stored and the paper now. */
export class PaperUploadDoc implements Answer<PaperFilesService['upload']> {
  @ApiProperty() message!: string;
  @ApiProperty({ type: PaperFileDoc }) file!: PaperFileDoc;
  @ApiProperty({ type: PaperDoc }) paper!: PaperDoc;
}

/** A chair's file deleted: the paper now. */
export class ChairPaperMessageDoc implements Answer<PaperFilesService['deleteFileAsChair']> {
  @ApiProperty() message!: string;
  @ApiProperty({ type: ChairPaperDoc }) paper!: ChairPaperDoc;
}

/** A chair's upload: the file stored and the paper now. */
export class ChairPaperUploadDoc implements Answer<PaperFilesService['uploadAsChair']> {
  @ApiProperty() message!: string;
  @ApiProperty({ type: PaperFileDoc }) file!: PaperFileDoc;
  @ApiProperty({ type: ChairPaperDoc }) paper!: ChairPaperDoc;
}

/** POST /api/{chair|cochair}/papers/bulk: how many papers changed. */
export class BulkEditResultDoc implements Answer<ChairPapersService['bulk']> {
  @ApiProperty() nModified!: number;
}

/** A refused row of the registration import (the header is row 1). */
export class RegistrationImportErrorDoc implements RegistrationImportError {
  @ApiProperty() row!: number;
  @ApiProperty() message!: string;
}

/** POST /api/chair/papers/import/registrations. */
export class RegistrationImportResultDoc implements RegistrationImportResult {
  @ApiProperty({ description: 'Rows that would be (or were) imported' }) valid!: number;
  @ApiProperty({ description: 'Rows with content below the header' }) total!: number;
  @ApiProperty({ type: [RegistrationImportErrorDoc] }) errors!: RegistrationImportErrorDoc[];
  @ApiProperty({ description: 'true when the valid rows were written (no refused row, or confirm=true)' })
  imported!: boolean;
}
