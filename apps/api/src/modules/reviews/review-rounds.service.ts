import { Injectable } from '@nestjs/common';
import {
  defaultRoundName,
  FIRST_ROUND,
  RESPONSE_LIMIT_UNITS,
  ROUND_MESSAGES,
  ROUND_NAME_MAX,
  type FieldError,
  type ReviewRoundDto,
  type ReviewRoundInput,
} from '@symposium/domain';
import { pgErrorCode } from '../../common/errors.js';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { TracksService } from '../tracks/tracks.service.js';
import { ReviewRoundsRepository, type RoundPatch } from './review-rounds.repository.js';
import type { ReviewRoundRow } from './reviews.table.js';
import { ReviewsErrors } from './reviews.errors.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toRoundDto = (row: ReviewRoundRow, requests: number): ReviewRoundDto => ({
  track: row.trackId,
  number: row.number,
  name: row.name,
  reviewDueAt: iso(row.reviewDueAt),
  responseOpensAt: iso(row.responseOpensAt),
  responseClosesAt: iso(row.responseClosesAt),
  responseLimit: row.responseLimit,
  responseLimitUnit: row.responseLimitUnit,
  requests,
});

/** A UTC ISO date string (date and time), or null; undefined when absent. */
function dateOf(
  value: string | null | undefined,
  field: string,
  errors: FieldError[],
): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const ok = typeof value === 'string' && value.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(value);
  const d = ok ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) {
    errors.push({ field, message: ROUND_MESSAGES.dateInvalid });
    return undefined;
  }
  return d;
}

/**
 * Review rounds of a track (issue 25): R1 always exists (a database trigger gives it to every track); chairs
 * and the track chairs of the track add, change and delete the others. A round with review requests, and R1,
 * cannot be deleted. Other services ask here whether a round exists (requests have no foreign key to it).
 */
@Injectable()
export class ReviewRoundsService {
  constructor(
    private readonly rounds: ReviewRoundsRepository,
    private readonly tracks: TracksService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** The round name of each of these review requests, for lists and exports ("R1", "R2" or the chair's name). */
  roundNamesOfRequests(requestIds: number[], ex?: Executor): Promise<Map<number, string>> {
    return this.rounds.namesOfRequests([...new Set(requestIds)], ex);
  }

  async list(trackId: number, scope: number[] | null): Promise<ReviewRoundDto[]> {
    await this.managedTrack(trackId, scope);
    const [rows, counts] = [await this.rounds.list(trackId), await this.rounds.requestCounts(trackId)];
    return rows.map((r) => toRoundDto(r, counts.get(r.number) ?? 0));
  }

  async get(trackId: number, number: number, scope: number[] | null): Promise<ReviewRoundDto> {
    await this.managedTrack(trackId, scope);
    const row = await this.rounds.find(trackId, number);
    if (!row) throw ReviewsErrors.roundNotFound();
    return toRoundDto(row, (await this.rounds.requestCounts(trackId)).get(number) ?? 0);
  }

  /** Adds the next round (number = last + 1); the name is required and unique in the track, ignoring case. */
  async create(trackId: number, input: ReviewRoundInput, scope: number[] | null): Promise<ReviewRoundDto> {
    await this.managedTrack(trackId, scope);
    const patch = this.checked(input, null, true);
    return this.transactions.run(async (tx) => {
      await this.rounds.lockTrack(trackId, tx);
      const name = patch.name!;
      if (await this.rounds.findByName(trackId, name, undefined, tx)) throw ReviewsErrors.roundNameTaken();
      const number = await this.rounds.nextNumber(trackId, tx);
      const row = await this.rounds
        .insert({ trackId, number, ...patch, name: name || defaultRoundName(number) }, tx)
        .catch(uniqueName);
      return toRoundDto(row, 0);
    });
  }

  async update(
    trackId: number,
    number: number,
    input: ReviewRoundInput,
    scope: number[] | null,
  ): Promise<ReviewRoundDto> {
    await this.managedTrack(trackId, scope);
    return this.transactions.run(async (tx) => {
      const current = await this.rounds.find(trackId, number, tx);
      if (!current) throw ReviewsErrors.roundNotFound();
      const patch = this.checked(input, current, false);
      if (patch.name !== undefined && (await this.rounds.findByName(trackId, patch.name, number, tx)))
        throw ReviewsErrors.roundNameTaken();
      const row = Object.keys(patch).length
        ? await this.rounds.update(trackId, number, patch, tx).catch(uniqueName)
        : current;
      return toRoundDto(row!, (await this.rounds.requestCounts(trackId, tx)).get(number) ?? 0);
    });
  }

  /** Deletes a round: never R1, never a round with review requests (409). */
  async remove(trackId: number, number: number, scope: number[] | null): Promise<{ message: string }> {
    await this.managedTrack(trackId, scope);
    return this.transactions.run(async (tx) => {
      if (!(await this.rounds.find(trackId, number, tx))) throw ReviewsErrors.roundNotFound();
      if (number === FIRST_ROUND) throw ReviewsErrors.firstRoundUndeletable();
      if ((await this.rounds.requestCounts(trackId, tx)).get(number)) throw ReviewsErrors.roundHasRequests();
      await this.rounds.delete(trackId, number, tx);
      return { message: ROUND_MESSAGES.deleted };
    });
  }

  // ----- for the other services of the module

  /** The round of the track, or 400 'reviews.unknown_round' (a request names a round its track lacks). */
  async mustExist(trackId: number, number: number, ex?: Executor): Promise<ReviewRoundRow> {
    const row = await this.rounds.find(trackId, number, ex);
    if (!row) throw ReviewsErrors.unknownRound();
    return row;
  }

  /** `${trackId}:${number}` → round name, for the rounds of these tracks. */
  async namesOf(trackIds: number[], ex?: Executor): Promise<Map<string, string>> {
    const rows = await this.rounds.ofTracks(trackIds, ex);
    return new Map(rows.map((r) => [`${r.trackId}:${r.number}`, r.name]));
  }

  // -----

  private async managedTrack(trackId: number, scope: number[] | null): Promise<void> {
    if ((scope !== null && !scope.includes(trackId)) || !(await this.tracks.exists(trackId)))
      throw ReviewsErrors.trackNotFound();
  }

  /** The checked patch: name trimmed and required; dates parsed; window closes after it opens; limit ≥ 1. */
  private checked(input: ReviewRoundInput, current: ReviewRoundRow | null, creating: boolean): RoundPatch {
    const errors: FieldError[] = [];
    const patch: RoundPatch = {};
    if (input.name !== undefined || creating) {
      const name = typeof input.name === 'string' ? input.name.trim() : '';
      if (!name) errors.push({ field: 'name', message: ROUND_MESSAGES.nameRequired });
      else if (name.length > ROUND_NAME_MAX)
        errors.push({ field: 'name', message: ROUND_MESSAGES.nameTooLong });
      else patch.name = name;
    }
    const due = dateOf(input.reviewDueAt, 'reviewDueAt', errors);
    if (due !== undefined) patch.reviewDueAt = due;
    const opens = dateOf(input.responseOpensAt, 'responseOpensAt', errors);
    if (opens !== undefined) patch.responseOpensAt = opens;
    const closes = dateOf(input.responseClosesAt, 'responseClosesAt', errors);
    if (closes !== undefined) patch.responseClosesAt = closes;
    if (input.responseLimit !== undefined) {
      const l = input.responseLimit;
      if (l !== null && !(Number.isInteger(l) && l >= 1 && l <= 2_147_483_647))
        errors.push({ field: 'responseLimit', message: ROUND_MESSAGES.limitPositive });
      else patch.responseLimit = l;
    }
    if (input.responseLimitUnit !== undefined) {
      if (!RESPONSE_LIMIT_UNITS.includes(input.responseLimitUnit))
        errors.push({ field: 'responseLimitUnit', message: ROUND_MESSAGES.unitInvalid });
      else patch.responseLimitUnit = input.responseLimitUnit;
    }
    if (!errors.length) {
      const o = 'responseOpensAt' in patch ? patch.responseOpensAt : (current?.responseOpensAt ?? null);
      const c = 'responseClosesAt' in patch ? patch.responseClosesAt : (current?.responseClosesAt ?? null);
      if ((o === null) !== (c === null))
        errors.push({ field: 'responseClosesAt', message: ROUND_MESSAGES.windowIncomplete });
      else if (o && c && c.getTime() <= o.getTime())
        errors.push({ field: 'responseClosesAt', message: ROUND_MESSAGES.windowOrder });
    }
    if (errors.length) throw ReviewsErrors.roundInvalid(errors);
    return patch;
  }
}

function uniqueName(e: unknown): never {
  if (pgErrorCode(e) === '23505') throw ReviewsErrors.roundNameTaken();
  throw e;
}
