import { ApiProperty } from '@nestjs/swagger';
import { DOCUMENT_KINDS, type DocumentKind, type DocumentVerificationDto } from '@symposium/domain';

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
