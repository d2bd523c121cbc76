import { Inject, Injectable } from '@nestjs/common';
import {
  emptyRoles,
  generatePassword,
  GENERATED_PASSWORD_LENGTH,
  importInvalidRowMessage,
  importPaperNotFoundMessage,
  importUserMessage,
  normalizeEmail,
  parseDecision,
  REVIEW_IMPORT_COLUMNS,
  REVIEWER_IMPORT_COLUMNS,
  REVIEWER_MESSAGES,
  validateReview,
  type ImportResult,
  type PersonInput,
  type UserDto,
} from '@symposium/domain';
import type { Request } from 'express';
import { randomInt } from 'node:crypto';
import type { AuthUser } from '../../common/auth-user.js';
import { toDbId } from '../../common/id-param.js';
import { DomainError } from '../../common/errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { ActivityService } from '../activity/activity.service.js';
import { PapersService } from '../papers/papers.service.js';
import { toUserResponse } from '../users/users.mapper.js';
import { UsersService, type UserRow } from '../users/users.service.js';
import type { ImportReviewerDto, ReviewCountDto } from './dto/reviews.dto.js';
import { ReviewAssignmentService } from './review-assignment.service.js';
import { ReviewsRepository } from './reviews.repository.js';
import { readSheet, readSpreadsheetUpload } from './xlsx.js';
import { ReviewsErrors } from './reviews.errors.js';

export interface ReviewerLoadDto extends UserDto {
  load: { total: number; cameraReady: number; reviewed: number };
}

/**
 * Reviewers as people (§7 /users/...): by track with their load, the review count, adding one reviewer or
 * a spreadsheet of them to tracks, removing a reviewer from a track; and the review import (§3, §4, §5).
 */
@Injectable()
export class ReviewersService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly users: UsersService,
    private readonly papers: PapersService,
    private readonly assignment: ReviewAssignmentService,
    private readonly mail: OutboxService,
    private readonly tx: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
  ) {}

  async byTrack(trackId: number, scope: number[] | null): Promise<ReviewerLoadDto[]> {
    await this.assignment.managedTrack(trackId, scope);
    const rows = await this.users.reviewersOfTrack(trackId);
    const loads = await this.repo.reviewerLoads(rows.map((r) => r.id));
    return rows.map((r) => ({ ...toUserResponse(r), load: loads.get(r.id)! }));
  }

  /**
   * Recomputes roles.reviewer.count (review requests not declined, both kinds) of the given reviewers, or of
   * every reviewer in the caller's tracks; returns the counts.
   */
  async reviewCount(
    dto: ReviewCountDto,
    scope: number[] | null,
  ): Promise<{ data: { _id: number; count: number; reviewed: number }[] }> {
    const reviewers = (await this.users.reviewers(dto.userIds ?? null)).filter(
      (r) => scope === null || r.reviewerTracks.some((t) => scope.includes(t)),
    );
    const loads = await this.repo.reviewerLoads(reviewers.map((r) => r.id));
    const data = reviewers.map((r) => {
      const l = loads.get(r.id)!;
      return { _id: r.id, count: l.total + l.cameraReady, reviewed: l.reviewed };
    });
    await this.tx.run(async (tx) => {
      for (const d of data) await this.users.setReviewerRole(d._id, { reviewerCount: d.count }, tx);
    });
    return { data };
  }

  /** Removes a track from a reviewer's tracks (the role stays while tracks remain). */
  async removeFromTrack(userId: number, trackId: number, scope: number[] | null): Promise<UserDto> {
    await this.assignment.managedTrack(trackId, scope);
    const row = await this.tx.run(async (tx) => {
      const user = await this.users.findById(userId, tx);
      if (!user) throw ReviewsErrors.userNotFound();
      if (!user.isReviewer) throw ReviewsErrors.notReviewer();
      if (!user.reviewerTracks.includes(trackId)) throw ReviewsErrors.trackNotAllowed();
      const tracks = user.reviewerTracks.filter((t) => t !== trackId);
      return (await this.users.setReviewerRole(
        user.id,
        { reviewerTracks: tracks, isReviewer: tracks.length > 0 },
        tx,
      ))!;
    });
    return toUserResponse(row);
  }

  /** One reviewer into tracks: an existing user gains the tracks; an unknown e-mail creates the account. */
  async importOne(
    dto: ImportReviewerDto,
    scope: number[] | null,
    caller: AuthUser,
  ): Promise<{ message: string; created: boolean; user: UserDto }> {
    const tracks = await this.checkTracks(dto.tracks, scope);
    return this.tx.run(async (tx) => {
      let user: UserRow | undefined;
      if (dto.userId !== undefined) {
        user = await this.users.findById(dto.userId, tx);
        if (!user) throw ReviewsErrors.userNotFound();
      } else if (dto.email?.trim()) user = await this.users.findByEmail(dto.email, tx);
      if (user) {
        const added = tracks.filter((t) => !user.reviewerTracks.includes(t));
        if (!added.length) throw ReviewsErrors.reviewerPresent();
        const updated = await this.addTracks(user, added, tx);
        return { message: 'Reviewer added', created: false, user: toUserResponse(updated) };
      }
      const created = await this.createReviewer(dto, tracks, caller, tx);
      return { message: 'Reviewer created', created: true, user: toUserResponse(created) };
    });
  }

  /** Reviewers from xlsx (First Name, Last Name, Email, Alternate Email, Organization, Phone) into tracks. */
  async importMany(req: Request, scope: number[] | null, caller: AuthUser): Promise<ImportResult> {
    const { file, fields } = await readSpreadsheetUpload(req, ['tracks']);
    const tracks = await this.checkTracks(parseTrackList(fields.tracks), scope);
    const rows = await readSheet(file, REVIEWER_IMPORT_COLUMNS);
    const errors: string[] = [];
    let valid = 0;
    await this.tx.run(async (tx) => {
      for (const r of rows) {
        const v = r.values;
        const person: PersonInput = {
          firstName: v['First Name'],
          lastName: v['Last Name'],
          email: v['Email'],
          alternateEmail: v['Alternate Email'],
          organization: v['Organization'],
          phone: v['Phone'],
        };
        const email = normalizeEmail(v['Email'] ?? '');
        const existing = email ? await this.users.findByEmail(email, tx) : undefined;
        if (existing) {
          const added = tracks.filter((t) => !existing.reviewerTracks.includes(t));
          if (!added.length) {
            errors.push(`${REVIEWER_MESSAGES.reviewerAlreadyPresent} (row ${r.row})`);
            continue;
          }
          await this.addTracks(existing, added, tx);
          valid++;
          continue;
        }
        try {
          this.users.assertValidPerson(person, 'reviewer');
        } catch (e) {
          errors.push(importInvalidRowMessage(r.row, (e as Error).message));
          continue;
        }
        await this.createReviewer(person, tracks, caller, tx);
        valid++;
      }
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: 'import.reviewers',
          summary: `Imported ${valid} of ${rows.length} reviewer${rows.length === 1 ? '' : 's'} into track${tracks.length === 1 ? '' : 's'} ${tracks.join(', ')}`,
          trackId: tracks.length === 1 ? tracks[0] : null,
          details: { valid, total: rows.length, tracks, errors: errors.length },
        },
        tx,
      );
    });
    return { valid, total: rows.length, errors };
  }

  /**
   * Review rows from xlsx (§3 columns). A row is stored only if its paper exists (in the caller's tracks) and
   * the user exists and is not already a reviewer of the paper (§4), with valid values, no conflict of
   * interest and within the §9 limits; each refused row is reported with its row number. Rows without a
   * Paper ID are skipped. The accepted rows are stored in one transaction.
   */
  async importReviews(req: Request, scope: number[] | null, caller: AuthUser): Promise<ImportResult> {
    const { file } = await readSpreadsheetUpload(req, []);
    const rows = await readSheet(file, REVIEW_IMPORT_COLUMNS);
    const errors: string[] = [];
    let valid = 0;
    let total = 0;
    await this.tx.run(async (tx) => {
      // Every row's paper in one query: existing, not deleted, in the caller's tracks.
      const papers = new Map(
        (
          await this.papers.managedPapers(
            rows.flatMap((r) => toDbId(r.values['Paper ID'] ?? '') ?? []),
            scope,
            { includeDeleted: false },
            tx,
          )
        ).map((p) => [p.id, p]),
      );
      // And every row's reviewer in one query.
      const reviewers = new Map(
        (
          await this.users.findByEmails(
            rows.flatMap((r) => normalizeEmail(r.values['Reviewer Email'] ?? '') || []),
            tx,
          )
        ).map((u) => [u.email, u]),
      );
      for (const r of rows) {
        const v = r.values;
        const paperText = v['Paper ID'] ?? '';
        if (!paperText) continue; // §5: silently skipped
        total++;
        const paperId = toDbId(paperText);
        const paper = paperId === undefined ? undefined : papers.get(paperId);
        if (!paper) {
          errors.push(importPaperNotFoundMessage(r.row));
          continue;
        }
        const email = normalizeEmail(v['Reviewer Email'] ?? '');
        const reviewer = email ? reviewers.get(email) : undefined;
        if (!reviewer || (await this.repo.findPair(paper.id, reviewer.id, paper.isCameraReady, tx))) {
          errors.push(importUserMessage(r.row));
          continue;
        }
        const input = {
          final: parseDecision(v['Reviewer Decision']),
          quality: score(v['Quality']),
          contribution: score(v['Contribution']),
          originality: score(v['Originality']),
          comments: { author: v['Comments to Authors'] ?? '', chair: v['Comments to track chair'] ?? '' },
        };
        const problems = Object.values(validateReview(input, { onBehalf: true, draft: false }));
        if (problems.length) {
          errors.push(importInvalidRowMessage(r.row, problems.join('; ')));
          continue;
        }
        try {
          await this.repo.lockAssignment([paper.id], [reviewer.id], tx);
          await this.assignment.check(paper, reviewer, paper.isCameraReady, { requireRole: false }, tx);
          const request = await this.assignment.createRequest(
            paper,
            reviewer,
            paper.isCameraReady,
            { createdBy: caller.id, invite: false },
            tx,
          );
          await this.assignment.saveReview(
            request,
            input,
            { draft: false, source: 'import', submittedBy: caller.id },
            tx,
          );
          valid++;
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          errors.push(
            e.code === 'reviews.author_own_paper' || e.code === 'reviews.already_reviewer'
              ? importUserMessage(r.row)
              : importInvalidRowMessage(r.row, e.message),
          );
        }
      }
      await this.activity.record(
        {
          ...ActivityService.fromUser(caller),
          action: 'import.reviews',
          summary: `Imported ${valid} of ${total} review${total === 1 ? '' : 's'}`,
          details: { valid, total, errors: errors.length },
        },
        tx,
      );
    });
    return { valid, total, errors };
  }

  // -----

  private async checkTracks(tracks: number[] | undefined, scope: number[] | null): Promise<number[]> {
    const list = [...new Set(tracks ?? [])];
    if (!list.length) throw ReviewsErrors.selectTrack();
    for (const t of list) await this.assignment.managedTrack(t, scope);
    return list;
  }

  private async addTracks(user: UserRow, added: number[], ex: Executor): Promise<UserRow> {
    const tracks = [...user.reviewerTracks, ...added];
    return (await this.users.setReviewerRole(user.id, { reviewerTracks: tracks, isReviewer: true }, ex))!;
  }

  /** §5 reviewer creation (no country), with a generated password e-mailed in the same transaction. */
  private async createReviewer(
    person: PersonInput,
    tracks: number[],
    caller: AuthUser,
    ex: Executor,
  ): Promise<UserRow> {
    const password = generatePassword(randomInt, GENERATED_PASSWORD_LENGTH);
    const roles = emptyRoles();
    roles.reviewer = { is: true, tracks, count: 0 };
    const created = await this.users.create({ ...person, password, roles }, 'reviewer', ex);
    await this.mail.enqueue(
      {
        kind: 'account-created',
        to: [created.email],
        subject: 'Your reviewer account',
        text:
          `Dear ${created.firstName} ${created.lastName},\n\n` +
          'You have been added as a reviewer of the conference.\n\n' +
          `Sign in at: ${this.config.publicUrl}\n` +
          `E-mail: ${created.email}\n` +
          `Password: ${password}\n\n` +
          'Please change your password after signing in for the first time.\n',
        createdBy: caller.id,
      },
      ex,
    );
    return created;
  }
}

/** A score cell: a whole number (as text), else NaN so validateReview reports it. */
function score(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  return /^-?\d+(\.0+)?$/.test(t) ? Number(t) : NaN;
}

/** The tracks field of a multipart import: a JSON array of ids or a comma-separated list. */
export function parseTrackList(text: string | undefined): number[] {
  if (!text?.trim()) return [];
  let values: unknown[];
  try {
    const parsed: unknown = JSON.parse(text);
    values = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    values = text.split(',');
  }
  const ids = values.map((v) => (typeof v === 'number' ? v : Number(String(v).trim())));
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647))
    throw ReviewsErrors.invalidTracks();
  return ids;
}
