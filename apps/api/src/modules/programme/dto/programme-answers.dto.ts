import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CLASH_TYPES,
  EVENT_TYPES,
  SESSION_KINDS,
  type BuiltSession,
  type ClashDto,
  type ClashType,
  type EventSessionsResult,
  type EventType,
  type PersonRef,
  type PosterSessionDto,
  type ProgrammeDayView,
  type ProgrammeEventView,
  type ProgrammeSessionView,
  type ProgrammeStatusDto,
  type ProgrammeView,
  type PublicPersonRef,
  type PublishResultDto,
  type RoomRef,
  type ScheduledPaperRef,
  type SchedulablePaperDto,
  type SessionBuilderProgress,
  type SessionEventLink,
  type SessionKind,
  type TechnicalSessionDto,
  type TutorialDto,
} from '@symposium/domain';
import type {
  BuilderProposal,
  BuilderProposalSession,
  SessionBuilderService,
} from '../session-builder.service.js';
import type { SessionsService } from '../sessions.service.js';
import { EventDoc } from './programme.dto.js';

/*
 * The OpenAPI schemas of the programme's answers (the libs/domain types and the services' answers), for the
 * API documentation: each class implements the type its routes return, so TypeScript keeps them in step.
 * People and papers come in two forms: as the chairs' screens show them (PersonRef: with the e-mail) and as
 * the published programme shows them (PublicPersonRef: no e-mail, the organization only when shown).
 */

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/** A person as the chairs' programme screens show them (PersonRef of libs/domain). */
export class PersonRefDoc implements PersonRef {
  @ApiProperty() _id!: number;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() organization!: string;
}

/** A person as the published programme shows them (PublicPersonRef of libs/domain): never an e-mail. */
export class PublicPersonRefDoc implements PublicPersonRef {
  @ApiProperty() _id!: number;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiPropertyOptional({ description: 'Only when the conference shows organizations in the programme' })
  organization?: string;
}

export class RoomRefDoc implements RoomRef {
  @ApiProperty() _id!: number;
  @ApiProperty() name!: string;
}

export class SessionEventLinkDoc implements SessionEventLink {
  @ApiProperty({ description: 'The session is linked to an event' }) has!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'The event' }) reference!: number | null;
}

/** A paper as the chairs' programme screens show it (ScheduledPaperRef of libs/domain). */
export class ScheduledPaperRefDoc implements ScheduledPaperRef {
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() track!: number;
  @ApiProperty({ type: [PersonRefDoc], description: 'In order' }) authors!: PersonRefDoc[];
  @ApiProperty({ type: Number, nullable: true }) primaryAuthor!: number | null;
}

/** A paper as the published programme shows it (ScheduledPaperRef<PublicPersonRef>). */
export class PublicScheduledPaperRefDoc implements ScheduledPaperRef<PublicPersonRef> {
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() track!: number;
  @ApiProperty({ type: [PublicPersonRefDoc], description: 'In order' }) authors!: PublicPersonRefDoc[];
  @ApiProperty({ type: Number, nullable: true }) primaryAuthor!: number | null;
}

// ---------------------------------------------------------------------------------------------------------
// Sessions

/** A technical session (TechnicalSessionDto of libs/domain). */
export class TechnicalSessionDoc implements TechnicalSessionDto {
  @ApiProperty({ description: 'The session number, chosen by the chair' }) _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: [PersonRefDoc], description: 'The session chairs' }) responsables!: PersonRefDoc[];
  @ApiProperty({ type: [ScheduledPaperRefDoc], description: "In the chair's order" })
  papers!: ScheduledPaperRefDoc[];
  @ApiProperty({ type: RoomRefDoc, nullable: true }) room!: RoomRefDoc | null;
  @ApiProperty({ type: Number, nullable: true }) track!: number | null;
  @ApiProperty({ type: SessionEventLinkDoc }) event!: SessionEventLinkDoc;
  @ApiProperty({ description: "The session's link ('' when none)" }) link!: string;
}

/** A poster session (PosterSessionDto of libs/domain): one paper. */
export class PosterSessionDoc implements PosterSessionDto {
  @ApiProperty({ description: 'The session number, chosen by the chair' }) _id!: number;
  @ApiProperty({ type: ScheduledPaperRefDoc, nullable: true }) paper!: ScheduledPaperRefDoc | null;
  @ApiProperty({ type: RoomRefDoc, nullable: true }) room!: RoomRefDoc | null;
  @ApiProperty({ type: Number, nullable: true }) track!: number | null;
  @ApiProperty({ type: SessionEventLinkDoc }) event!: SessionEventLinkDoc;
  @ApiProperty({ description: "The session's link ('' when none)" }) link!: string;
}

/** A tutorial (TutorialDto of libs/domain): a poster session's fields and the presenter. */
export class TutorialDoc extends PosterSessionDoc implements TutorialDto {
  @ApiProperty({ type: PersonRefDoc, nullable: true }) presenter!: PersonRefDoc | null;
}

/** PUT /api/chair/session_links/{kind}/{sessionId}: the message and the link saved. */
export class SessionLinkResultDoc implements Answer<SessionsService['setLink']> {
  @ApiProperty() message!: string;
  @ApiProperty() link!: string;
}

export class EventSessionFailureDoc {
  @ApiProperty({ description: 'The session' }) _id!: number;
  @ApiProperty() reason!: string;
}

/** PUT /api/chair/days/{dayId}/events/{eventId}/sessions (EventSessionsResult of libs/domain). */
export class EventSessionsResultDoc implements EventSessionsResult {
  @ApiProperty() message!: string;
  @ApiProperty({ type: [Number], description: 'The sessions linked' }) saved!: number[];
  @ApiProperty({ type: [EventSessionFailureDoc], description: 'The sessions not linked, and why' })
  failed!: EventSessionFailureDoc[];
  @ApiProperty({ type: EventDoc }) event!: EventDoc;
}

// ---------------------------------------------------------------------------------------------------------
// The whole programme: the chairs' draft and the published one

/** A session of the chairs' draft (ProgrammeSessionView of libs/domain). */
export class ProgrammeSessionViewDoc implements ProgrammeSessionView {
  @ApiProperty({ enum: SESSION_KINDS }) kind!: SessionKind;
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: RoomRefDoc, nullable: true }) room!: RoomRefDoc | null;
  @ApiProperty() link!: string;
  @ApiProperty({ type: [PersonRefDoc] }) responsables!: PersonRefDoc[];
  @ApiProperty({ type: PersonRefDoc, nullable: true }) presenter!: PersonRefDoc | null;
  @ApiProperty({ type: [ScheduledPaperRefDoc] }) papers!: ScheduledPaperRefDoc[];
}

/** A session of the published programme (ProgrammeSessionView<PublicPersonRef>). */
export class PublicProgrammeSessionViewDoc implements ProgrammeSessionView<PublicPersonRef> {
  @ApiProperty({ enum: SESSION_KINDS }) kind!: SessionKind;
  @ApiProperty() _id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: RoomRefDoc, nullable: true }) room!: RoomRefDoc | null;
  @ApiProperty() link!: string;
  @ApiProperty({ type: [PublicPersonRefDoc] }) responsables!: PublicPersonRefDoc[];
  @ApiProperty({ type: PublicPersonRefDoc, nullable: true }) presenter!: PublicPersonRefDoc | null;
  @ApiProperty({ type: [PublicScheduledPaperRefDoc] }) papers!: PublicScheduledPaperRefDoc[];
}

/** An event's fields besides its sessions (EventDto of libs/domain without sessions). */
class ProgrammeEventFieldsDoc {
  @ApiProperty() _id!: number;
  @ApiProperty({ description: 'The day it belongs to' }) day!: number;
  @ApiProperty({ enum: EVENT_TYPES }) type!: EventType;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'HH:MM, 24-hour, conference time zone' }) start!: string;
  @ApiProperty({ description: 'HH:MM, 24-hour, conference time zone' }) end!: string;
  @ApiProperty({ example: 'Technical Session' }) typeLabel!: string;
}

export class ProgrammeEventViewDoc extends ProgrammeEventFieldsDoc implements ProgrammeEventView {
  @ApiProperty({ type: [ProgrammeSessionViewDoc] }) sessions!: ProgrammeSessionViewDoc[];
}

export class PublicProgrammeEventViewDoc
  extends ProgrammeEventFieldsDoc
  implements ProgrammeEventView<PublicPersonRef>
{
  @ApiProperty({ type: [PublicProgrammeSessionViewDoc] }) sessions!: PublicProgrammeSessionViewDoc[];
}

/** A day's fields besides its events (DayDto of libs/domain without events, and the ISO date). */
class ProgrammeDayFieldsDoc {
  @ApiProperty() _id!: number;
  @ApiProperty({ description: 'm/d/yyyy' }) date!: string;
  @ApiProperty() desk!: string;
  @ApiProperty() color!: string;
  @ApiProperty({ description: 'yyyy-mm-dd' }) isoDate!: string;
}

export class ProgrammeDayViewDoc extends ProgrammeDayFieldsDoc implements ProgrammeDayView {
  @ApiProperty({ type: [ProgrammeEventViewDoc] }) events!: ProgrammeEventViewDoc[];
}

export class PublicProgrammeDayViewDoc
  extends ProgrammeDayFieldsDoc
  implements ProgrammeDayView<PublicPersonRef>
{
  @ApiProperty({ type: [PublicProgrammeEventViewDoc] }) events!: PublicProgrammeEventViewDoc[];
}

/** The programme's fields besides its days (ProgrammeView of libs/domain). */
class ProgrammeViewFieldsDoc {
  @ApiProperty({ type: Number, nullable: true, description: 'The published version (null before the first)' })
  version!: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) publishedAt!: string | null;
  @ApiProperty({ description: 'IANA time zone of the conference; every time is local to it' })
  timeZone!: string;
  @ApiProperty() programTable!: string;
}

/** GET /api/chair/programme: the draft, with e-mail addresses (ProgrammeView of libs/domain). */
export class ProgrammeViewDoc extends ProgrammeViewFieldsDoc implements ProgrammeView {
  @ApiProperty({ type: [ProgrammeDayViewDoc] }) days!: ProgrammeDayViewDoc[];
}

/** The published programme (PublicProgrammeView of libs/domain): days is empty before the first publication. */
export class PublicProgrammeViewDoc extends ProgrammeViewFieldsDoc implements ProgrammeView<PublicPersonRef> {
  @ApiProperty({ type: [PublicProgrammeDayViewDoc] }) days!: PublicProgrammeDayViewDoc[];
}

// ---------------------------------------------------------------------------------------------------------
// Chair tools: status, schedulable papers, clashes, publication

export class ProgrammeStatusDoc implements ProgrammeStatusDto {
  @ApiProperty({ type: Number, nullable: true }) publishedVersion!: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) publishedAt!: string | null;
  @ApiProperty({ description: 'The draft differs from the published version' }) draftChanged!: boolean;
  @ApiProperty() clashes!: number;
  @ApiProperty() unacknowledgedClashes!: number;
  @ApiProperty() timeZone!: string;
}

export class SessionRefDoc {
  @ApiProperty({ enum: SESSION_KINDS }) kind!: SessionKind;
  @ApiProperty() _id!: number;
}

/** An accepted paper and where it is scheduled (SchedulablePaperDto of libs/domain). */
export class SchedulablePaperDoc extends ScheduledPaperRefDoc implements SchedulablePaperDto {
  @ApiProperty({ type: String, nullable: true }) primarySubjectArea!: string | null;
  @ApiProperty({ type: SessionRefDoc, nullable: true, description: 'null: not scheduled yet' })
  session!: SessionRefDoc | null;
}

export class ClashSessionDoc extends SessionRefDoc {
  @ApiProperty() title!: string;
}

export class ClashEventDoc {
  @ApiProperty() _id!: number;
  @ApiProperty() day!: number;
  @ApiProperty({ description: 'm/d/yyyy' }) date!: string;
  @ApiProperty({ enum: EVENT_TYPES }) type!: EventType;
  @ApiProperty() start!: string;
  @ApiProperty() end!: string;
}

export class ClashAcknowledgementDoc {
  @ApiProperty({ type: PersonRefDoc, nullable: true }) by!: PersonRefDoc | null;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

/** A clash of the programme (ClashDto of libs/domain). */
export class ClashDoc implements ClashDto {
  @ApiProperty({ description: 'Stable while the same things clash' }) key!: string;
  @ApiProperty({ enum: CLASH_TYPES }) type!: ClashType;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [PersonRefDoc] }) people!: PersonRefDoc[];
  @ApiProperty({ type: [ClashSessionDoc] }) sessions!: ClashSessionDoc[];
  @ApiProperty({ type: [RoomRefDoc] }) rooms!: RoomRefDoc[];
  @ApiProperty({ type: [ClashEventDoc] }) events!: ClashEventDoc[];
  @ApiProperty({ type: ClashAcknowledgementDoc, nullable: true })
  acknowledged!: ClashAcknowledgementDoc | null;
}

export class PublishResultDoc implements PublishResultDto {
  @ApiProperty() version!: number;
  @ApiProperty({ format: 'date-time' }) publishedAt!: string;
  @ApiProperty({ description: 'Change notices put into the outbox' }) notices!: number;
}

// ---------------------------------------------------------------------------------------------------------
// The session builder

export class BuilderSlotRefDoc {
  @ApiProperty() eventId!: number;
  @ApiProperty() roomId!: number;
}

/** A proposed session (BuiltSession of libs/domain) with its proposed session chair. */
export class BuilderProposalSessionDoc implements BuilderProposalSession, BuiltSession {
  @ApiProperty({ type: [Number] }) paperIds!: number[];
  @ApiProperty() title!: string;
  @ApiProperty({ type: BuilderSlotRefDoc, nullable: true, description: 'null: no slot left' })
  slot!: BuilderSlotRefDoc | null;
  @ApiProperty({
    type: [Number],
    description: 'The proposed session chair (user id); empty when nobody is free',
  })
  chairs!: number[];
  @ApiProperty({ type: [PersonRefDoc] }) responsables!: PersonRefDoc[];
}

export class BuilderGroupingDoc {
  @ApiProperty() cost!: number;
  @ApiProperty() lowerBound!: number;
}

export class BuilderPlacementDoc {
  @ApiProperty({ description: 'Person clashes of the best placement found' }) clashes!: number;
  @ApiProperty({ description: 'Proven: no placement has fewer clashes (the gap is clashes − lowerBound)' })
  lowerBound!: number;
  @ApiProperty() optimal!: boolean;
  @ApiProperty({ description: 'The time limit ended the search before it finished' }) timedOut!: boolean;
}

/** The session builder's proposal (SessionBuilderResult of libs/domain, with the first free number). */
export class BuilderProposalDoc implements BuilderProposal {
  @ApiProperty({ type: [BuilderProposalSessionDoc] }) sessions!: BuilderProposalSessionDoc[];
  @ApiProperty({ description: 'Person clashes after placement' }) personClashes!: number;
  @ApiProperty({ description: 'Sessions that got no slot' }) unplaced!: number;
  @ApiProperty({ type: BuilderGroupingDoc }) grouping!: BuilderGroupingDoc;
  @ApiProperty({ type: BuilderPlacementDoc }) placement!: BuilderPlacementDoc;
  @ApiProperty({ description: 'The first free technical session number' }) firstNumber!: number;
  @ApiProperty({ description: "The track's accepted papers not yet in a session" }) papers!: number;
  @ApiProperty() minPapersPerSession!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The time limit the build had, in ms' })
  timeBudgetMs!: number | null;
}

export class BuilderProgressDoc implements SessionBuilderProgress {
  @ApiProperty({ enum: ['group', 'place', 'exact', 'report'] }) phase!: SessionBuilderProgress['phase'];
  @ApiProperty() done!: number;
  @ApiProperty() total!: number;
  @ApiPropertyOptional({ description: 'Milliseconds since the build started' }) elapsedMs?: number;
  @ApiPropertyOptional({ description: 'The time limit in ms' }) budgetMs?: number;
  @ApiPropertyOptional({ description: 'Person clashes of the best placement so far' }) clashes?: number;
  @ApiPropertyOptional({ description: 'The proven lower bound of the clashes' }) lowerBound?: number;
}

/*
 * The lines of the session builder's NDJSON answer: 'progress' lines while it runs, then one 'result' (or one
 * 'error').
 */
export class BuilderProgressLineDoc {
  @ApiProperty({ enum: ['progress'] }) type!: 'progress';
  @ApiProperty({ type: BuilderProgressDoc }) progress!: BuilderProgressDoc;
}

export class BuilderResultLineDoc {
  @ApiProperty({ enum: ['result'] }) type!: 'result';
  @ApiProperty({ type: BuilderProposalDoc }) result!: BuilderProposalDoc;
}

export class BuilderErrorLineDoc {
  @ApiProperty({ enum: ['error'] }) type!: 'error';
  @ApiProperty() message!: string;
}

/** POST /api/chair/programme/builder/apply: the message and the sessions created. */
export class BuilderApplyResultDoc implements Answer<SessionBuilderService['apply']> {
  @ApiProperty() message!: string;
  @ApiProperty({ type: [Number], description: 'The technical sessions created' }) created!: number[];
}
