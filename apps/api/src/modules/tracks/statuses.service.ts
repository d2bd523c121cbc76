import { Injectable } from '@nestjs/common';
import { isPermutation, type StatusDto } from '@symposium/domain';
import { TransactionRunner } from '../../database/database.module.js';
import type { Executor } from '../../database/database.js';
import { pgErrorCode } from '../../common/errors.js';
import { StatusesRepository } from './statuses.repository.js';
import type { StatusRow } from './tracks.table.js';
import { StatusesErrors } from './tracks.errors.js';

export const toStatusDto = (row: StatusRow): StatusDto => ({
  _id: row.id,
  text: row.text,
  position: row.position,
  isDefault: row.isDefault,
  isAccepted: row.isAccepted,
});

/** Paper statuses (the default 'Awaiting Decision' cannot be deleted). */
@Injectable()
export class StatusesService {
  constructor(
    private readonly statuses: StatusesRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  private inTx<T>(ex: Executor | undefined, work: (tx: Executor) => Promise<T>): Promise<T> {
    return ex ? work(ex) : this.transactions.run(work);
  }

  async list(ex?: Executor): Promise<StatusDto[]> {
    return (await this.statuses.list(ex)).map(toStatusDto);
  }

  async get(id: number): Promise<StatusDto> {
    const row = await this.statuses.findById(id);
    if (!row) throw StatusesErrors.notFound();
    return toStatusDto(row);
  }

  /** For other modules: the status, or undefined. */
  async findById(id: number, ex?: Executor): Promise<StatusDto | undefined> {
    const row = await this.statuses.findById(id, ex);
    return row && toStatusDto(row);
  }

  /** For other modules: the default status (new papers start with it). */
  async getDefault(ex?: Executor): Promise<StatusDto> {
    const row = await this.statuses.findDefault(ex);
    if (!row) throw StatusesErrors.notFound();
    return toStatusDto(row);
  }

  async create(input: { text: string; isAccepted?: boolean }, ex?: Executor): Promise<StatusDto> {
    const text = this.checkedText(input.text);
    return this.inTx(ex, async (tx) => {
      if (await this.statuses.findByText(text, undefined, tx)) throw StatusesErrors.textTaken();
      const position = await this.statuses.nextPosition(tx);
      const row = await this.statuses
        .insert({ text, isAccepted: input.isAccepted ?? false, position }, tx)
        .catch(uniqueText);
      return toStatusDto(row);
    });
  }

  async update(id: number, input: { text?: string; isAccepted?: boolean }): Promise<StatusDto> {
    const text = input.text === undefined ? undefined : this.checkedText(input.text);
    return this.transactions.run(async (tx) => {
      if (!(await this.statuses.findById(id, tx))) throw StatusesErrors.notFound();
      if (text !== undefined && (await this.statuses.findByText(text, id, tx)))
        throw StatusesErrors.textTaken();
      const patch = {
        ...(text !== undefined ? { text } : {}),
        ...(input.isAccepted !== undefined ? { isAccepted: input.isAccepted } : {}),
      };
      const row = Object.keys(patch).length
        ? await this.statuses.update(id, patch, tx).catch(uniqueText)
        : await this.statuses.findById(id, tx);
      return toStatusDto(row!);
    });
  }

  async remove(id: number): Promise<{ ok: true }> {
    return this.transactions.run(async (tx) => {
      const row = await this.statuses.findById(id, tx);
      if (!row) throw StatusesErrors.notFound();
      if (row.isDefault) throw StatusesErrors.defaultUndeletable();
      await this.statuses.delete(id, tx);
      return { ok: true as const };
    });
  }

  /** Sets position = index + 1; ids must list every status exactly once. */
  async sort(ids: number[]): Promise<StatusDto[]> {
    return this.transactions.run(async (tx) => {
      await this.statuses.lockAll(tx);
      const all = (await this.statuses.list(tx)).map((s) => s.id);
      if (!isPermutation(ids, all)) throw StatusesErrors.sortIncomplete();
      for (const [i, id] of ids.entries()) await this.statuses.update(id, { position: i + 1 }, tx);
      return this.list(tx);
    });
  }

  private checkedText(text: string): string {
    const trimmed = text.trim();
    if (!trimmed) throw StatusesErrors.textRequired();
    return trimmed;
  }
}

function uniqueText(e: unknown): never {
  if (pgErrorCode(e) === '23505') throw StatusesErrors.textTaken();
  throw e;
}
