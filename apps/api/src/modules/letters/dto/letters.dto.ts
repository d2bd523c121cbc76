import { ApiProperty } from '@nestjs/swagger';
import {
  DOCUMENT_KINDS,
  LETTER_KINDS,
  type AuthorLetterDto,
  type DocumentBatchDto,
  type DocumentKind,
  type DocumentTemplateDto,
  type DocumentVerificationDto,
  type IssuedDocumentDto,
  type LetterKind,
  type LetterSettingsDto,
} from '@symposium/domain';

/** GET /api/verify/{code} (DocumentVerificationDto of libs/domain), for the API documentation. */
export class DocumentVerificationDoc implements DocumentVerificationDto {
  @ApiProperty() code!: string;
  @ApiProperty({ enum: DOCUMENT_KINDS }) kind!: DocumentKind;
  @ApiProperty() kindLabel!: string;
  @ApiProperty() conference!: string;
  @ApiProperty() recipientName!: string;
  @ApiProperty({ type: String, nullable: true }) paperTitle!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'INV-2026-0007; null for letters' })
  numberLabel!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Decimal, e.g. "350.00"' }) amount!:
    string | null;
  @ApiProperty({ type: String, nullable: true }) currency!: string | null;
  @ApiProperty({ format: 'date-time' }) issuedAt!: string;
  @ApiProperty() sha256!: string;
  @ApiProperty() revoked!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revokedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) revokeReason!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The credit note correcting it: its number' })
  creditedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A credit note: the number it corrects' })
  credits!: string | null;
}

/** The letter settings (LetterSettingsDto of libs/domain): the signer, the issuer and the number series. */
export class LetterSettingsDoc implements LetterSettingsDto {
  @ApiProperty() signerName!: string;
  @ApiProperty() signerTitle!: string;
  @ApiProperty({ description: 'A signature image is stored' }) hasSignature!: boolean;
  @ApiProperty() issuerName!: string;
  @ApiProperty() issuerAddress!: string;
  @ApiProperty() issuerTaxId!: string;
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty() invoicePrefix!: string;
  @ApiProperty() receiptPrefix!: string;
  @ApiProperty() creditNotePrefix!: string;
  @ApiProperty() paymentTerms!: string;
}

/** A document template (DocumentTemplateDto of libs/domain). */
export class DocumentTemplateDoc implements DocumentTemplateDto {
  @ApiProperty({ enum: DOCUMENT_KINDS }) kind!: DocumentKind;
  @ApiProperty({ description: 'The template HTML, with {{placeholders}}' }) html!: string;
  @ApiProperty({ description: 'true while the chair has not saved one (the built-in template)' })
  isDefault!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updatedAt!: string | null;
}

type DocumentBatchError = DocumentBatchDto['errors'][number];
export class DocumentBatchErrorDoc implements DocumentBatchError {
  @ApiProperty() paperId!: number;
  @ApiProperty() message!: string;
}

/** A bulk issue of documents (DocumentBatchDto of libs/domain). */
export class DocumentBatchDoc implements DocumentBatchDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ enum: DOCUMENT_KINDS }) kind!: DocumentKind;
  @ApiProperty({ enum: ['queued', 'running', 'done', 'failed'] }) state!: DocumentBatchDto['state'];
  @ApiProperty({ description: 'Papers in the batch' }) total!: number;
  @ApiProperty() done!: number;
  @ApiProperty() failed!: number;
  @ApiProperty({ type: [DocumentBatchErrorDoc] }) errors!: DocumentBatchErrorDoc[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Set when the batch is done and at least one document was issued',
  })
  zipUrl!: string | null;
}

/** An issued document (IssuedDocumentDto of libs/domain). */
export class IssuedDocumentDoc implements IssuedDocumentDto {
  @ApiProperty() _id!: number;
  @ApiProperty({ description: 'The verification code' }) code!: string;
  @ApiProperty({ enum: DOCUMENT_KINDS }) kind!: DocumentKind;
  @ApiProperty({ type: Number, nullable: true }) paperId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) recipientUserId!: number | null;
  @ApiProperty() recipientName!: string;
  @ApiProperty({ type: String, nullable: true, description: 'INV-2026-0007; null for letters' })
  numberLabel!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Decimal, e.g. "350.00"; null for letters' })
  amount!: string | null;
  @ApiProperty({ type: String, nullable: true }) currency!: string | null;
  @ApiProperty() sha256!: string;
  @ApiProperty({ description: 'Bytes of the PDF' }) size!: number;
  @ApiProperty() fileName!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'A credit note: the document it corrects' })
  creditsId!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The credit note that corrects this one' })
  creditedById!: number | null;
  @ApiProperty({ format: 'date-time' }) issuedAt!: string;
  @ApiProperty({ type: Number, nullable: true }) issuedBy!: number | null;
  @ApiProperty() downloads!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revokedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) revokeReason!: string | null;
  @ApiProperty() verifyUrl!: string;
}

/** A letter the chair enabled for an author's paper (AuthorLetterDto of libs/domain). */
export class AuthorLetterDoc implements AuthorLetterDto {
  @ApiProperty({ enum: LETTER_KINDS }) kind!: LetterKind;
  @ApiProperty() label!: string;
  @ApiProperty({ description: 'The author can download it now' }) available!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why not, when it is not available' })
  reason!: string | null;
}
