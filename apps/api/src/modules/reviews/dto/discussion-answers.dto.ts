import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DISCUSSION_VISIBILITIES } from '@symposium/domain';

/** The OpenAPI shapes of the discussion's answers (libs/domain discussion.ts holds the TypeScript ones). */
const ROLES = ['reviewer', 'trackChair', 'chair'];

export class DiscussionCommentDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() paper!: number;
  @ApiProperty({ description: '"Reviewer 2" for reviewers seen by another reviewer' }) author!: string;
  @ApiProperty({ enum: ROLES }) role!: string;
  @ApiProperty() mine!: boolean;
  @ApiProperty({ enum: DISCUSSION_VISIBILITIES }) visibility!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ type: [String] }) mentions!: string[];
  @ApiProperty() createdAt!: string;
  @ApiProperty() unread!: boolean;
}

class DiscussionPaperDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() track!: number;
}

class ParticipantDoc {
  @ApiProperty({ description: 'what to write after "@"' }) mention!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ROLES }) role!: string;
}

export class DiscussionDoc {
  @ApiProperty({ type: DiscussionPaperDoc }) paper!: DiscussionPaperDoc;
  @ApiProperty({ type: [DiscussionCommentDoc] }) comments!: DiscussionCommentDoc[];
  @ApiProperty({ type: [ParticipantDoc] }) participants!: ParticipantDoc[];
  @ApiProperty() lastRead!: number;
  @ApiProperty() unread!: number;
  @ApiProperty() canPostChairsOnly!: boolean;
}

export class ReadMarkDoc {
  @ApiProperty() lastRead!: number;
  @ApiProperty() unread!: number;
}

class NumberChangeDoc {
  @ApiProperty() changed!: boolean;
  @ApiProperty({ type: Number, nullable: true }) old!: number | null;
  @ApiProperty({ type: Number, nullable: true }) new!: number | null;
}
class TextChangeDoc {
  @ApiProperty() changed!: boolean;
  @ApiProperty() old!: string;
  @ApiProperty() new!: string;
}
class ChangesDoc {
  @ApiProperty({ type: NumberChangeDoc }) quality!: NumberChangeDoc;
  @ApiProperty({ type: NumberChangeDoc }) contribution!: NumberChangeDoc;
  @ApiProperty({ type: NumberChangeDoc }) originality!: NumberChangeDoc;
  @ApiProperty({ type: NumberChangeDoc }) final!: NumberChangeDoc;
  @ApiProperty({ type: TextChangeDoc }) commentsAuthor!: TextChangeDoc;
  @ApiPropertyOptional({ type: TextChangeDoc, description: 'chairs and the review’s author only' })
  commentsChair?: TextChangeDoc;
}
class ScoresDoc {
  @ApiProperty({ type: Number, nullable: true }) quality!: number | null;
  @ApiProperty({ type: Number, nullable: true }) contribution!: number | null;
  @ApiProperty({ type: Number, nullable: true }) originality!: number | null;
  @ApiProperty() final!: number;
}
class VersionCommentsDoc {
  @ApiProperty() author!: string;
  @ApiPropertyOptional() chair?: string;
}
class ReviewVersionDoc {
  @ApiProperty() version!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: ScoresDoc }) scores!: ScoresDoc;
  @ApiProperty({ type: VersionCommentsDoc }) comments!: VersionCommentsDoc;
  @ApiProperty({ type: ChangesDoc, nullable: true, description: 'null for version 1' })
  changes!: ChangesDoc | null;
}
export class DiscussionReviewDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() reviewer!: string;
  @ApiProperty() mine!: boolean;
  @ApiProperty() revised!: boolean;
  @ApiProperty({ type: [ReviewVersionDoc] }) versions!: ReviewVersionDoc[];
}

class DiscussionListRowDoc {
  @ApiProperty() paper!: number;
  @ApiProperty() title!: string;
  @ApiProperty() track!: number;
  @ApiProperty() trackName!: string;
  @ApiProperty() comments!: number;
  @ApiProperty({ type: String, nullable: true }) lastCommentAt!: string | null;
  @ApiProperty() unread!: number;
  @ApiProperty() reviews!: number;
  @ApiProperty({ type: Number, nullable: true }) spread!: number | null;
  @ApiProperty() disagreement!: boolean;
}
export class DiscussionListDoc {
  @ApiProperty() count!: number;
  @ApiProperty({ type: [DiscussionListRowDoc] }) data!: DiscussionListRowDoc[];
}

export class AuthorDiscussionCommentDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() author!: string;
  @ApiProperty() text!: string;
  @ApiProperty() createdAt!: string;
}
