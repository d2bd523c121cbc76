import { Injectable } from '@nestjs/common';
import {
  isUniqueRegistrationId,
  isValidRegistrationId,
  normalizeEmail,
  parseRegistrationAmount,
  REGISTRATION_EXTRA_MESSAGES,
  REGISTRATION_IMPORT_MESSAGES,
  REGISTRATION_MESSAGES,
  type PaperRegistration,
  type RegistrationImportError,
  type RegistrationImportResult,
} from '@symposium/domain';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user.js';
import { pgErrorCode } from '../../common/errors.js';
import type { Executor } from '../../database/database.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { UsersService } from '../users/users.service.js';
import type { ChairOtherRegistrationDto, ChairRegistrationDto } from './dto/chair-papers.dto.js';
import { RegistrationErrors } from './paper-registrations.errors.js';
import { readRegistrationSheet, readRegistrationUpload } from './paper-registrations.xlsx.js';
import { PapersRepository } from './papers.repository.js';
import { INSERT_CHUNK, PaperRegistrationsRepository } from './paper-registrations.repository.js';
import type { PaperRow } from './papers.table.js';

/** A paper's registrations: the main one (null: none) and the others. */
export interface PaperRegistrations {
  main: PaperRegistration | null;
  others: PaperRegistration[];
}

/** The user ids named as authors of a paper's registrations. */
const authorsOfRegistrations = (r: PaperRegistrations): number[] =>
  [r.main, ...r.others].flatMap((x) => (x && typeof x.author === 'number' ? [x.author] : []));

/**
 * Registrations (§5 "Registration", chair only): the checks of an edit, the write of a paper's registration
 * numbers into paper_registration_ids (whose primary key makes a number belong to one paper, so two chairs
 * saving the same number at once cannot both win), the users' isRegistered flag, and the xlsx import.
 */
@Injectable()
export class PaperRegistrationsService {
  constructor(
    private readonly repo: PapersRepository,
    private readonly registrationIds: PaperRegistrationsRepository,
    private readonly users: UsersService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
  ) {}

  /**
   * The registrations after an edit: `main` merged into the stored one (null removes it), `others` replacing
   * the stored list; ids by the §5 rule (others need one), amounts ≥ 0, authors among the paper's authors.
   */
  async resolve(
    current: PaperRow,
    main: ChairRegistrationDto | null | undefined,
    others: ChairOtherRegistrationDto[] | undefined,
    tx: Executor,
  ): Promise<PaperRegistrations> {
    const before = current.registration;
    let nextMain: PaperRegistration | null = before ?? null;
    if (main === null) nextMain = null;
    else if (main !== undefined)
      nextMain = {
        author: main.author !== undefined ? main.author : (before?.author ?? null),
        id: (main.id ?? before?.id ?? '').trim(),
        amount: main.amount !== undefined ? main.amount : (before?.amount ?? null),
        extra: main.extra ?? before?.extra ?? '',
      };
    const nextOthers: PaperRegistration[] =
      others === undefined
        ? current.otherRegistrations
        : others.map((o) => ({
            author: o.author ?? null,
            id: (o.id ?? '').trim(),
            amount: o.amount ?? null,
            extra: o.extra ?? '',
          }));
    if (nextMain && main !== undefined) {
      if (!isValidRegistrationId(nextMain.id)) throw RegistrationErrors.invalidId('registration.id');
      if (parseRegistrationAmount(nextMain.amount) === undefined)
        throw RegistrationErrors.amount('registration.amount');
    }
    if (others !== undefined)
      nextOthers.forEach((o, i) => {
        if (!o.id) throw RegistrationErrors.otherIdRequired(`otherRegistrations.${i}.id`);
        if (!isValidRegistrationId(o.id, true))
          throw RegistrationErrors.invalidId(`otherRegistrations.${i}.id`);
        if (parseRegistrationAmount(o.amount) === undefined)
          throw RegistrationErrors.amount(`otherRegistrations.${i}.amount`);
      });
    const authorIds = new Set((await this.repo.authorsOf([current.id], tx)).map((a) => a.userId));
    const checked: [PaperRegistration | null, string][] = [];
    if (main !== undefined) checked.push([nextMain, 'registration.author']);
    if (others !== undefined)
      nextOthers.forEach((o, i) => checked.push([o, `otherRegistrations.${i}.author`]));
    for (const [reg, f] of checked) {
      if (!reg || reg.author === null || authorIds.has(reg.author)) continue;
      if (!(await this.users.findById(reg.author, tx))) throw RegistrationErrors.authorNotFound(f);
      throw RegistrationErrors.authorNotOfPaper(f);
    }
    return { main: nextMain, others: nextOthers };
  }

  /**
   * After the paper row holds `next`: its numbers replace the paper's rows of paper_registration_ids (a
   * number of another paper, or twice in this one, fails on the primary key: the caller answers 409), and
   * isRegistered is recomputed for the authors of the registrations before and after.
   */
  async sync(
    paperIds: number[],
    before: PaperRegistrations[],
    next: Map<number, PaperRegistrations>,
    tx: Executor,
  ) {
    if (!paperIds.length) return;
    const rows = [...next].flatMap(([paperId, r]) => [
      ...(r.main && isUniqueRegistrationId(r.main.id)
        ? [{ registrationId: r.main.id.trim(), paperId, kind: 'main' }]
        : []),
      ...r.others
        .filter((o) => isUniqueRegistrationId(o.id))
        .map((o) => ({ registrationId: o.id.trim(), paperId, kind: 'other' })),
    ]);
    await this.registrationIds.replaceIds(paperIds, rows, tx);
    await this.recomputeRegistered(
      [...before.flatMap(authorsOfRegistrations), ...[...next.values()].flatMap(authorsOfRegistrations)],
      tx,
    );
  }

  /**
   * Records the registrations of many papers that have none yet (the demo conference, a migration): each
   * checked like an edit (§5 ids, amounts ≥ 0, authors among the paper's authors), then one statement per
   * chunk of papers, their numbers in paper_registration_ids (a number used twice fails on the key: 409) and
   * the authors' isRegistered, in the caller's transaction.
   */
  async recordMany(
    entries: { paperId: number; main: PaperRegistration | null; others: PaperRegistration[] }[],
    tx: Executor,
  ): Promise<void> {
    if (!entries.length) return;
    const authors = new Map<number, Set<number>>();
    for (let i = 0; i < entries.length; i += INSERT_CHUNK)
      for (const a of await this.repo.authorsOf(
        entries.slice(i, i + INSERT_CHUNK).map((e) => e.paperId),
        tx,
      ))
        (authors.get(a.paperId) ?? authors.set(a.paperId, new Set()).get(a.paperId)!).add(a.userId);
    for (const e of entries) {
      const regs: [PaperRegistration, string][] = [
        ...(e.main ? [[e.main, 'registration'] as [PaperRegistration, string]] : []),
        ...e.others.map((o, i) => [o, `otherRegistrations.${i}`] as [PaperRegistration, string]),
      ];
      for (const [reg, f] of regs) {
        const other = f !== 'registration';
        if (other && !reg.id.trim()) throw RegistrationErrors.otherIdRequired(`${f}.id`);
        if (!isValidRegistrationId(reg.id, other)) throw RegistrationErrors.invalidId(`${f}.id`);
        if (parseRegistrationAmount(reg.amount) === undefined) throw RegistrationErrors.amount(`${f}.amount`);
        if (reg.author !== null && !authors.get(e.paperId)?.has(reg.author))
          throw RegistrationErrors.authorNotOfPaper(`${f}.author`);
      }
    }
    try {
      await this.repo.setRegistrations(entries, tx);
      await this.sync(
        entries.map((e) => e.paperId),
        [],
        new Map(entries.map((e) => [e.paperId, { main: e.main, others: e.others }])),
        tx,
      );
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw RegistrationErrors.inUse();
      throw e;
    }
  }

  /**
   * isRegistered of these users: true when they are the author of a registration with an id (main or other)
   * on a paper that is not deleted. One scan of the registered papers, then at most two updates.
   */
  async recomputeRegistered(userIds: number[], tx: Executor): Promise<void> {
    const ids = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
    if (!ids.length) return;
    const yes = await this.registrationIds.registeredAuthors(ids, tx);
    await this.users.setRegistered(
      ids.filter((id) => yes.has(id)),
      true,
      tx,
    );
    await this.users.setRegistered(
      ids.filter((id) => !yes.has(id)),
      false,
      tx,
    );
  }

  /**
   * POST /api/chair/papers/import/registrations: the rows of the xlsx checked like an edit (paper, §5 id,
   * author by e-mail among the paper's authors, amount, numbers unique across papers and within the file). With
   * a refused row nothing is written unless `confirm` is true; then the valid rows are written in one
   * transaction. A paper's main row replaces its main registration; its other rows (if any) replace its other
   * registrations.
   */
  async import(req: Request, caller: AuthUser): Promise<RegistrationImportResult> {
    const { file, confirm } = await readRegistrationUpload(req);
    const rows = await readRegistrationSheet(file);
    if (!rows.length) throw RegistrationErrors.noRows();
    try {
      return await this.transactions.run(async (tx) => {
        const errors: RegistrationImportError[] = [];
        const refuse = (row: number, message: string) => void errors.push({ row, message });
        const paperIds = [...new Set(rows.flatMap((r) => (r.paperId === null ? [] : [r.paperId])))].sort(
          (a, b) => a - b,
        );
        // the papers of the file, locked in id order (a concurrent edit waits; deadlock-free order)
        const papers = new Map<number, PaperRow>(
          (await this.registrationIds.lockPapers(paperIds, tx)).map((p) => [p.id, p]),
        );
        const authorsByPaper = new Map<number, Set<number>>();
        for (const a of await this.repo.authorsOf([...papers.keys()], tx))
          (authorsByPaper.get(a.paperId) ?? authorsByPaper.set(a.paperId, new Set()).get(a.paperId)!).add(
            a.userId,
          );
        const usersByEmail = new Map(
          (await this.users.findByEmails(rows.map((r) => normalizeEmail(r.email)).filter(Boolean), tx)).map(
            (u) => [normalizeEmail(u.email), u.id],
          ),
        );
        const numbers = [...new Set(rows.map((r) => r.registrationId).filter(isUniqueRegistrationId))];
        const owners = await this.registrationIds.ownersOf(numbers, tx);

        // row checks; the accepted rows per paper
        const usedInFile = new Set<string>();
        const mainRows = new Set<number>();
        const accepted: { row: number; paperId: number; type: 'main' | 'other'; reg: PaperRegistration }[] =
          [];
        for (const r of rows) {
          if (r.error) {
            refuse(r.row, r.error);
            continue;
          }
          const paper = r.paperId === null ? undefined : papers.get(r.paperId);
          if (!paper) {
            refuse(r.row, REGISTRATION_IMPORT_MESSAGES.paperNotFound);
            continue;
          }
          if (r.type !== 'main' && r.type !== 'other') {
            refuse(r.row, REGISTRATION_IMPORT_MESSAGES.typeInvalid);
            continue;
          }
          const id = r.registrationId;
          if (r.type === 'other' && !id) {
            refuse(r.row, REGISTRATION_MESSAGES.otherIdRequired);
            continue;
          }
          if (!isValidRegistrationId(id, r.type === 'other')) {
            refuse(r.row, REGISTRATION_MESSAGES.invalidId);
            continue;
          }
          const author = usersByEmail.get(normalizeEmail(r.email));
          if (author === undefined || !authorsByPaper.get(paper.id)?.has(author)) {
            refuse(r.row, REGISTRATION_IMPORT_MESSAGES.authorNotFound);
            continue;
          }
          if (r.type === 'main' && mainRows.has(paper.id)) {
            refuse(r.row, REGISTRATION_IMPORT_MESSAGES.mainTwice);
            continue;
          }
          if (isUniqueRegistrationId(id)) {
            if (usedInFile.has(id)) {
              refuse(r.row, REGISTRATION_IMPORT_MESSAGES.inFile);
              continue;
            }
            const owner = owners.get(id);
            if (owner !== undefined && owner !== paper.id) {
              refuse(r.row, REGISTRATION_IMPORT_MESSAGES.inUse);
              continue;
            }
          }
          if (isUniqueRegistrationId(id)) usedInFile.add(id);
          if (r.type === 'main') mainRows.add(paper.id);
          accepted.push({
            row: r.row,
            paperId: paper.id,
            type: r.type,
            reg: { author, id, amount: r.amount, extra: r.extra },
          });
        }
        // a number that a registration the file does not replace keeps in the same paper
        const mainInFile = new Set(accepted.filter((a) => a.type === 'main').map((a) => a.paperId));
        const othersInFile = new Set(accepted.filter((a) => a.type === 'other').map((a) => a.paperId));
        const mains = new Map<number, PaperRegistration>();
        const others = new Map<number, PaperRegistration[]>();
        for (const a of accepted) {
          const paper = papers.get(a.paperId)!;
          const kept =
            a.type === 'main'
              ? othersInFile.has(a.paperId)
                ? []
                : paper.otherRegistrations
              : mainInFile.has(a.paperId) || !paper.registration
                ? []
                : [paper.registration];
          if (isUniqueRegistrationId(a.reg.id) && kept.some((k) => k.id.trim() === a.reg.id)) {
            refuse(a.row, REGISTRATION_EXTRA_MESSAGES.duplicateInPaper);
            continue;
          }
          if (a.type === 'main') mains.set(a.paperId, a.reg);
          else (others.get(a.paperId) ?? others.set(a.paperId, []).get(a.paperId)!).push(a.reg);
        }
        errors.sort((a, b) => a.row - b.row);
        const valid = rows.length - errors.length;
        const answer = { valid, total: rows.length, errors };
        if ((errors.length && !confirm) || valid === 0) return { ...answer, imported: false };

        // the write: each touched paper's registrations, its numbers, the authors' isRegistered
        const touched = [...new Set([...mains.keys(), ...others.keys()])].sort((a, b) => a - b);
        const before: PaperRegistrations[] = [];
        const next = new Map<number, PaperRegistrations>();
        for (const id of touched) {
          const paper = papers.get(id)!;
          before.push({ main: paper.registration, others: paper.otherRegistrations });
          const regs: PaperRegistrations = {
            main: mains.get(id) ?? paper.registration,
            others: others.get(id) ?? paper.otherRegistrations,
          };
          next.set(id, regs);
          await this.repo.update(id, { registration: regs.main, otherRegistrations: regs.others }, tx);
        }
        await this.sync(touched, before, next, tx);
        await this.activity.record(
          {
            ...ActivityService.fromUser(caller),
            action: 'import.registrations',
            summary: `Imported ${valid} registration${valid === 1 ? '' : 's'} for ${touched.length} paper${touched.length === 1 ? '' : 's'}${errors.length ? ` (${errors.length} row${errors.length === 1 ? '' : 's'} refused)` : ''}`,
            details: { valid, total: rows.length, refused: errors.length, papers: touched },
          },
          tx,
        );
        return { ...answer, imported: true };
      });
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw RegistrationErrors.inUse();
      throw e;
    }
  }
}
