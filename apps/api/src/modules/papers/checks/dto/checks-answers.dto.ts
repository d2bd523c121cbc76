import { ApiProperty } from '@nestjs/swagger';
import { CHECK_MODES, CHECK_STAGES, DUPLICATE_KINDS, FINDING_CODES } from '@symposium/domain';
import { TrackChecksDto } from './checks.dto.js';

/** The OpenAPI shapes of the submission checks' answers (libs/domain checks.ts holds the TypeScript ones). */
const STATUSES = ['passed', 'findings', 'unchecked'];

class PageBoxDoc {
  @ApiProperty() x!: number;
  @ApiProperty() y!: number;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
}

class EvidenceDoc {
  @ApiProperty({ type: Number, nullable: true }) page!: number | null;
  @ApiProperty({ type: PageBoxDoc, nullable: true }) box!: PageBoxDoc | null;
  @ApiProperty({ type: String, nullable: true }) snippet!: string | null;
}

class AcceptanceDoc {
  @ApiProperty() reason!: string;
  @ApiProperty() by!: string;
  @ApiProperty() at!: string;
}

class FindingDoc {
  @ApiProperty({ enum: FINDING_CODES }) code!: string;
  @ApiProperty({ example: 'page 9 of body text; limit 8' }) message!: string;
  @ApiProperty() rule!: string;
  @ApiProperty() measured!: string;
  @ApiProperty({ type: [Number] }) pages!: number[];
  @ApiProperty({ type: [EvidenceDoc] }) evidence!: EvidenceDoc[];
}

class StoredFindingDoc extends FindingDoc {
  @ApiProperty({ type: AcceptanceDoc, nullable: true }) accepted!: AcceptanceDoc | null;
}

class PageOutlineDoc {
  @ApiProperty() page!: number;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
  @ApiProperty({ type: [PageBoxDoc] }) lines!: PageBoxDoc[];
}

export class FileCheckDoc {
  @ApiProperty() fileId!: number;
  @ApiProperty() fileName!: string;
  @ApiProperty() part!: string;
  @ApiProperty({ enum: CHECK_STAGES }) stage!: string;
  @ApiProperty({ enum: STATUSES }) status!: string;
  @ApiProperty({ type: Number, nullable: true }) pageCount!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bodyPages!: number | null;
  @ApiProperty() checkedAt!: string;
  @ApiProperty({ type: [StoredFindingDoc] }) findings!: StoredFindingDoc[];
  @ApiProperty({ type: [PageOutlineDoc] }) outlines!: PageOutlineDoc[];
}

export class PreflightDoc {
  @ApiProperty({ enum: STATUSES }) status!: string;
  @ApiProperty({ enum: CHECK_STAGES }) stage!: string;
  @ApiProperty({ type: Number, nullable: true }) pageCount!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bodyPages!: number | null;
  @ApiProperty({ type: [FindingDoc] }) findings!: FindingDoc[];
  @ApiProperty({ type: [PageOutlineDoc] }) outlines!: PageOutlineDoc[];
  @ApiProperty({ description: 'the real upload would be refused' }) blocking!: boolean;
  @ApiProperty({ enum: CHECK_MODES }) mode!: string;
}

export class TrackChecksAnswerDoc {
  @ApiProperty() message!: string;
  @ApiProperty({ type: TrackChecksDto }) checks!: TrackChecksDto;
}

export class AcceptAnswerDoc {
  @ApiProperty() message!: string;
  @ApiProperty({ type: [FileCheckDoc] }) checks!: FileCheckDoc[];
}

class NamedDoc {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

class PairAuthorDoc extends NamedDoc {
  @ApiProperty() email!: string;
}

class DuplicatePaperDoc {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: NamedDoc }) track!: NamedDoc;
  @ApiProperty({ type: [PairAuthorDoc] }) authors!: PairAuthorDoc[];
}

class PassageDoc {
  @ApiProperty() a!: string;
  @ApiProperty() b!: string;
}

export class DuplicatePairDoc {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: DUPLICATE_KINDS }) kind!: string;
  @ApiProperty({ description: 'estimated similarity 0–1' }) similarity!: number;
  @ApiProperty({ type: DuplicatePaperDoc }) a!: DuplicatePaperDoc;
  @ApiProperty({ type: DuplicatePaperDoc }) b!: DuplicatePaperDoc;
  @ApiProperty({ type: [PassageDoc] }) passages!: PassageDoc[];
  @ApiProperty() foundAt!: string;
  @ApiProperty({ type: AcceptanceDoc, nullable: true }) dismissed!: AcceptanceDoc | null;
}

export class DismissAnswerDoc {
  @ApiProperty() message!: string;
  @ApiProperty({ type: DuplicatePairDoc }) pair!: DuplicatePairDoc;
}

class ReportFindingDoc extends StoredFindingDoc {
  @ApiProperty() fileName!: string;
  @ApiProperty({ enum: CHECK_STAGES }) stage!: string;
}

class ReportPaperDoc {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

class ReportDuplicateDoc {
  @ApiProperty() pairId!: number;
  @ApiProperty() otherId!: number;
  @ApiProperty() otherTitle!: string;
  @ApiProperty({ enum: DUPLICATE_KINDS }) kind!: string;
  @ApiProperty() similarity!: number;
}

class ReportRowDoc {
  @ApiProperty({ type: ReportPaperDoc }) paper!: ReportPaperDoc;
  @ApiProperty({ type: NamedDoc }) track!: NamedDoc;
  @ApiProperty({ type: [ReportFindingDoc] }) findings!: ReportFindingDoc[];
  @ApiProperty({ type: [ReportDuplicateDoc] }) duplicates!: ReportDuplicateDoc[];
}

class TrackCountsDoc {
  @ApiProperty({ type: NamedDoc }) track!: NamedDoc;
  @ApiProperty() papers!: number;
  @ApiProperty() checked!: number;
  @ApiProperty() format!: number;
  @ApiProperty() anonymity!: number;
  @ApiProperty() unchecked!: number;
  @ApiProperty() accepted!: number;
  @ApiProperty() duplicates!: number;
}

export class CheckReportDoc {
  @ApiProperty({ type: [TrackCountsDoc] }) tracks!: TrackCountsDoc[];
  @ApiProperty({ type: [ReportRowDoc] }) rows!: ReportRowDoc[];
}
