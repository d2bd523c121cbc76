import { Inject, Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { isBillingKind, isLetterKind, type DocumentBatchDto, type DocumentKind } from '@symposium/domain';
import yazl from 'yazl';
import { DomainError } from '../../common/errors.js';
import { IntervalWorker, IntervalWorkerHost } from '../../common/interval-worker.js';
import type { CallerScope } from '../../common/managed-scope.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ChairPapersService } from '../papers/chair-papers.service.js';
import { PapersService } from '../papers/papers.service.js';
import { LettersErrors } from './letters.errors.js';
import { LettersRepository, type DocumentBatchQueue } from './letters.repository.js';
import type { DocumentBatchRow } from './letters.table.js';
import { assertIssuer, LettersService } from './letters.service.js';

export type { DocumentBatchQueue } from './letters.repository.js';

/** How long a claimed batch stays with its process without progress before another may resume it. */
const LEASE_MS = 120_000;
/** Unless JOBS_TICK_MS is smaller: how often queued or abandoned batches are looked for. */
const TICK_MS = 30_000;
const INTERVAL_NAME = 'document-batches';

/** POST /documents/batches, its progress and zip; the worker that issues the documents. */
@Injectable()
export class DocumentBatchesService extends IntervalWorkerHost {
  private readonly logger = new Logger('DocumentBatches');
  protected readonly worker: IntervalWorker;
  /** A kick arrived during a run: look for claimable batches once more before ending it. */
  private again = false;

  constructor(
    private readonly repo: LettersRepository,
    private readonly letters: LettersService,
    private readonly chairPapers: ChairPapersService,
    private readonly papers: PapersService,
    scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.worker = new IntervalWorker({
      name: INTERVAL_NAME,
      everyMs: Math.min(this.config.jobsTickMs ?? TICK_MS, TICK_MS),
      scheduler,
      work: () => this.run(),
      onError: (e) => this.logger.error(`Batch run failed: ${e instanceof Error ? e.message : String(e)}`),
      onBusy: () => {
        this.again = true;
      },
    });
  }

  /** The selection of POST /papers/export/xls ({ids} or {filters, search}) in the caller's scope. */
  async create(caller: CallerScope, body: Record<string, unknown>): Promise<DocumentBatchDto> {
    const kind = body?.kind;
    if (!isLetterKind(kind) && !isBillingKind(kind)) throw LettersErrors.unknownKind();
    const rows = await this.chairPapers.select(caller.scope, {
      ids: body.ids,
      filters: body.filters,
      search: body.search,
    });
    const { settings, signature } = await this.letters.settingsAndSignature();
    if (isLetterKind(kind) && !signature) throw LettersErrors.signatureRequired();
    if (isBillingKind(kind)) assertIssuer(settings);
    const paperIds = rows.map((r) => r.id);
    const batch = await this.repo.insertBatch({
      kind,
      selection: { ids: paperIds, filters: body.filters ?? null, search: body.search ?? null },
      trackIds: caller.scope,
      total: paperIds.length,
      createdBy: caller.user.id,
    });
    void this.kick();
    return this.toDto(caller, batch);
  }

  async get(caller: CallerScope, id: number): Promise<DocumentBatchDto> {
    return this.toDto(caller, await this.visible(caller, id));
  }

  async zip(caller: CallerScope, id: number): Promise<{ zip: Buffer; fileName: string }> {
    const batch = await this.visible(caller, id);
    const zip = batch.state === 'done' ? await this.repo.batchZip(id) : null;
    if (!zip) throw LettersErrors.batchNotFound();
    return { zip, fileName: `${batch.kind}-batch-${batch.id}.zip` };
  }

  /** Batches queued and running and the documents left to issue, across every process (metrics). */
  queue(): Promise<DocumentBatchQueue> {
    return this.repo.batchQueue();
  }

  /** A batch the caller may see: chairs every one; a track chair those limited to tracks they manage. */
  private async visible(caller: CallerScope, id: number): Promise<DocumentBatchRow> {
    const batch = await this.repo.findBatch(id);
    if (!batch) throw LettersErrors.batchNotFound();
    if (caller.scope === null) return batch;
    const tracks = batch.trackIds;
    if (!tracks || !tracks.every((t) => caller.scope!.includes(t))) throw LettersErrors.batchNotFound();
    return batch;
  }

  private toDto(caller: CallerScope, b: DocumentBatchRow): DocumentBatchDto {
    const state = b.state as DocumentBatchDto['state'];
    return {
      _id: b.id,
      kind: b.kind as DocumentKind,
      state,
      total: b.total,
      done: b.done,
      failed: b.failed,
      errors: b.errors,
      createdAt: b.createdAt.toISOString(),
      finishedAt: b.finishedAt?.toISOString() ?? null,
      zipUrl: state === 'done' && b.done > 0 ? `/api/${caller.prefix}/documents/batches/${b.id}/zip` : null,
    };
  }

  // ----- the worker

  protected shouldStart(): boolean {
    return this.config.runJobs;
  }

  /** Works through every claimable batch now (one run at a time per process); resolves when idle. */
  kick(): Promise<void> {
    return this.worker.tick();
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        if (this.worker.stopping) return;
        const batch = await this.repo.claimBatch(LEASE_MS);
        if (!batch) break;
        await this.process(batch);
      }
    } while (this.again);
  }

  /** Issues the batch's documents one by one (skipping those a previous run issued), then builds the zip. */
  private async process(batch: DocumentBatchRow): Promise<void> {
    const kind = batch.kind;
    const ids = ((batch.selection.ids as number[] | undefined) ?? []).filter((n) => Number.isInteger(n));
    const issued = await this.repo.papersDoneInBatch(batch.id);
    const errors = [...batch.errors];
    const failedIds = new Set(errors.map((e) => e.paperId));
    let done = issued.size;
    let failed = failedIds.size;
    const { settings, signature } = await this.letters.settingsAndSignature();
    for (const paperId of ids) {
      if (this.worker.stopping) return; // the lease runs out and another process resumes it
      if (issued.has(paperId) || failedIds.has(paperId)) continue;
      try {
        const paper = await this.papers.findById(paperId);
        if (!paper) throw LettersErrors.notFound();
        const facts = await this.letters.facts(paper);
        const issuer = { userId: batch.createdBy, batchId: batch.id };
        if (isLetterKind(kind)) {
          if (!signature) throw LettersErrors.signatureRequired();
          await this.letters.issueLetter(
            facts,
            kind,
            this.letters.recipient(facts),
            settings,
            signature,
            issuer,
          );
        } else if (isBillingKind(kind)) await this.letters.issueBilling(facts, kind, issuer);
        else throw LettersErrors.unknownKind();
        done++;
      } catch (e) {
        failed++;
        const message = e instanceof DomainError ? e.message : 'The document could not be generated';
        if (!(e instanceof DomainError))
          this.logger.warn(
            `Batch ${batch.id}, paper ${paperId}: ${e instanceof Error ? e.message : String(e)}`,
          );
        errors.push({ paperId, message });
      }
      await this.repo.updateBatch(batch.id, { done, failed, errors, leaseMs: LEASE_MS });
    }
    const zip = done ? await this.buildZip(batch.id) : null;
    await this.repo.updateBatch(batch.id, { done, failed, errors, zip, state: 'done', finished: true });
  }

  private async buildZip(batchId: number): Promise<Buffer> {
    const docs = await this.repo.documentsOfBatch(batchId);
    const zip = new yazl.ZipFile();
    const used = new Set<string>();
    for (const d of docs) {
      let name = d.fileName;
      for (let n = 2; used.has(name); n++) name = d.fileName.replace(/\.pdf$/, ` (${n}).pdf`);
      used.add(name);
      // PDFs hardly compress: stored as they are.
      zip.addBuffer(d.pdf, name, { compress: false });
    }
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
