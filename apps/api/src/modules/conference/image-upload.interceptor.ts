import {
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { IMAGE_MAX_BYTES } from '@symposium/domain';
import type { Observable } from 'rxjs';
import { ConferenceErrors } from './conference.errors.js';

/** A file part as multer (memory storage) gives it. */
export interface UploadedImage {
  buffer: Buffer;
  size: number;
  originalname: string;
  mimetype: string;
}
export type ConferenceFiles = { banner?: UploadedImage[]; logo?: UploadedImage[] } | undefined;

const Multipart = FileFieldsInterceptor(
  [
    { name: 'banner', maxCount: 1 },
    { name: 'logo', maxCount: 1 },
  ],
  { limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 60, fieldSize: 1_000_000, parts: 70 } },
);

/**
 * Reads the banner and logo parts (at most 2 MB each, kept in memory); an oversized image answers 400
 * 'Please select a valid file' like any other invalid image. A JSON request passes through unchanged.
 */
@Injectable()
export class ConferenceImagesInterceptor implements NestInterceptor {
  private readonly multipart = new Multipart();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multipart.intercept(context, next);
    } catch (e) {
      if (e instanceof PayloadTooLargeException) throw ConferenceErrors.invalidFile();
      throw e;
    }
  }
}
