import { Injectable } from '@nestjs/common';
import { PAPER_MESSAGES, type PaperDto } from '@symposium/domain';
import type { AuthUser } from '../../common/auth-user.js';
import { TransactionRunner } from '../../database/database.module.js';
import { ActivityService } from '../activity/activity.service.js';
import { SignatureService } from '../documents/signature.service.js';
import { assertAccepted } from './author-papers.service.js';
import { PapersRepository } from './papers.repository.js';
import { PapersService } from './papers.service.js';
import { PapersErrors } from './papers.errors.js';

/**
 * /SignConsentForm: an author types a signature; the server draws it as a JPEG in a random script font and
 * records it with who signed, when, for which paper, and the agreement (text and version) signed.
 */
@Injectable()
export class PaperConsentService {
  constructor(
    private readonly papers: PapersService,
    private readonly repo: PapersRepository,
    private readonly signatures: SignatureService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
  ) {}

  async sign(
    user: AuthUser,
    paperId: number,
    signature: unknown,
  ): Promise<{ message: string; paper: PaperDto }> {
    if (typeof signature !== 'string' || !signature.trim()) throw PapersErrors.signatureRequired();
    const paper = await this.papers.authorPaper(paperId, user.id);
    const ctx = await this.papers.context(paper);
    if (!ctx.conference.digitalConsentSigning) throw PapersErrors.consentDisabled();
    assertAccepted(ctx);
    // drawn before the transaction: the browser is slow next to a database row
    const drawn = await this.signatures.render(signature);
    return this.transactions.run(async (tx) => {
      const locked = await this.repo.lock(paperId, tx);
      if (!locked || locked.isDeleted) throw PapersErrors.notFound();
      const conference = await this.papers.getConference(tx);
      await this.repo.saveConsent(
        {
          paperId,
          userId: user.id,
          signedAt: new Date(),
          agreementVersion: conference.agreementVersion ?? 1,
          agreementHtml: conference.publishingAgreementHtml,
          signatureName: drawn.text,
          font: drawn.font,
          jpeg: drawn.jpeg,
        },
        tx,
      );
      await this.activity.record(
        {
          ...ActivityService.fromUser(user),
          action: 'paper.consent',
          summary: `Signed the consent form of paper ${locked.id} '${locked.title}'`,
          paperId: locked.id,
          trackId: locked.trackId,
          details: { agreementVersion: conference.agreementVersion ?? 1 },
        },
        tx,
      );
      return { message: PAPER_MESSAGES.consentSigned, paper: await this.papers.toDto(locked, tx) };
    });
  }

  /** The JPEG of the paper's signature (for its authors). */
  async signature(user: AuthUser, paperId: number): Promise<Buffer> {
    await this.papers.authorPaper(paperId, user.id);
    const consent = await this.repo.findConsent(paperId);
    if (!consent) throw PapersErrors.consentNotFound();
    return consent.jpeg;
  }
}
