import {
  Injectable,
  PayloadTooLargeException,
  StreamableFile,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { IdParam } from '../../common/id-param.js';
import { LettersErrors } from './letters.errors.js';
import { SIGNATURE_MAX_BYTES, type IssuedPdf } from './letters.service.js';

export const DocumentId = () => IdParam('id', LettersErrors.notFound);
export const BatchId = () => IdParam('id', LettersErrors.batchNotFound);

export const SignatureMultipart = FileInterceptor('signature', {
  limits: { fileSize: SIGNATURE_MAX_BYTES, files: 1, fields: 20, fieldSize: 100_000, parts: 25 },
});

/** Reads an optional `signature` file part (≤ 1 MB); an oversized one answers 400 'Please select a valid file'. */
@Injectable()
export class SignatureUploadInterceptor implements NestInterceptor {
  private readonly multipart = new SignatureMultipart();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multipart.intercept(context, next);
    } catch (e) {
      if (e instanceof PayloadTooLargeException) throw LettersErrors.signatureInvalid();
      throw e;
    }
  }
}

/** A PDF answer: attachment with its file name, the verification code in X-Document-Code. */
export function pdfFile(res: Response, issued: IssuedPdf): StreamableFile {
  res.setHeader('X-Document-Code', issued.doc.code);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, X-Document-Code');
  res.setHeader('Cache-Control', 'no-store');
  return new StreamableFile(issued.pdf, {
    type: 'application/pdf',
    length: issued.pdf.length,
    disposition: `attachment; filename="${issued.doc.fileName}"`,
  });
}
