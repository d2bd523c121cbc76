import { Injectable, Logger } from '@nestjs/common';
import { checkUpload, checkUploadName, zipDirectoryRange, type PaperFileKind } from '@symposium/domain';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { sendStoredFile, VerifyingStream, type DownloadFile } from './download.js';
import { Readable } from 'node:stream';
import {
  FileNotFoundError,
  FileStore,
  FileTooLargeError,
  UploadInterruptedError,
  type StoredObject,
} from './file-store.js';
import { FilesErrors } from './files.errors.js';

export interface UploadOptions {
  /** The kinds accepted, e.g. ['doc', 'docx', 'pdf'] (the extension must be one and the content must agree). */
  kinds: readonly PaperFileKind[];
  /** Per-file limit in bytes (track limits are decimal MB: fileSizeLimitBytes(mb)). */
  maxBytes: number;
  /** The multipart field carrying the file(s); default 'file'. */
  field?: string;
  /** Default 1; more files in the request are refused. */
  maxFiles?: number;
  /** Default 1; fewer files answer 'Please select a file to upload'. */
  minFiles?: number;
  /** Text fields the request may carry (default none); any other field is refused. */
  fields?: readonly string[];
  /** Per text field, default 100 kB. */
  maxFieldBytes?: number;
}

/** What a caller records about an accepted file (e.g. a paper_files row). */
export interface ReceivedFile {
  key: string;
  /** The client's name, sanitized (no directories, no control characters, at most 200 characters). */
  originalName: string;
  size: number;
  sha256: string;
  kind: PaperFileKind;
  /** Lower-case extension (equal to kind). */
  ext: string;
  contentType: string;
}

export interface ReceivedUpload {
  /** In the order of the request. */
  files: ReceivedFile[];
  fields: Record<string, string>;
}

/** Central directories bigger than this are not read back (a paper or slide deck has far smaller ones). */
const MAX_ZIP_DIRECTORY_BYTES = 8 * 1024 * 1024;
/** Room for multipart boundaries and part headers when judging a declared Content-Length. */
const PART_OVERHEAD_BYTES = 16 * 1024;

const isMultipart = (contentType: string | undefined) =>
  typeof contentType === 'string' &&
  /^multipart\/form-data\s*;/i.test(contentType) &&
  /boundary=/i.test(contentType);

/**
 * Receives uploads: streams the file parts of a multipart request (busboy) into the FileStore — never holding
 * a whole file in memory — and checks each one by name, size and content (checkUpload). Any refusal removes
 * every file stored for the request and throws a 4xx DomainError with a clear message; only server faults
 * (disk errors) are left to become 500s.
 */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');
  /** Uploaded files being written to the store now (metrics). */
  private writing = 0;

  constructor(private readonly store: FileStore) {}

  get uploadsInProgress(): number {
    return this.writing;
  }

  /** Exactly one file (and the allowed text fields). */
  async receiveOne(
    req: Request,
    opts: Omit<UploadOptions, 'maxFiles' | 'minFiles'>,
  ): Promise<{ file: ReceivedFile; fields: Record<string, string> }> {
    const { files, fields } = await this.receive(req, { ...opts, maxFiles: 1, minFiles: 1 });
    return { file: files[0]!, fields };
  }

  /** Reads the whole multipart body; resolves once every accepted file is stored, or rejects with the first refusal. */
  async receive(req: Request, opts: UploadOptions): Promise<ReceivedUpload> {
    const field = opts.field ?? 'file';
    const maxFiles = opts.maxFiles ?? 1;
    const minFiles = opts.minFiles ?? 1;
    const allowedFields = opts.fields ?? [];
    const maxFieldBytes = opts.maxFieldBytes ?? 100_000;

    if (!isMultipart(req.headers['content-type'])) throw FilesErrors.notMultipart();
    const declared = Number(req.headers['content-length']);
    const parts = maxFiles + allowedFields.length;
    const ceiling =
      maxFiles * opts.maxBytes + allowedFields.length * maxFieldBytes + (parts + 1) * PART_OVERHEAD_BYTES;
    // refused before reading a byte: no file could fit in what the client says it will send
    if (Number.isFinite(declared) && declared > ceiling) throw FilesErrors.tooLarge(opts.maxBytes);

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        preservePath: true, // the raw name reaches checkUploadName, which refuses '..' instead of hiding it
        defParamCharset: 'utf8',
        limits: {
          fileSize: opts.maxBytes + 1, // one byte over tells "too large" from "exactly the limit"
          files: maxFiles,
          fields: allowedFields.length + 1, // one unexpected field is reported by name
          fieldSize: maxFieldBytes,
          fieldNameSize: 200,
          parts: parts + 2,
          headerPairs: 20,
        },
      });
    } catch {
      throw FilesErrors.notMultipart();
    }

    return new Promise<ReceivedUpload>((resolve, reject) => {
      const stored: StoredObject[] = [];
      const accepted: (ReceivedFile | undefined)[] = [];
      const writes: Promise<void>[] = [];
      const fields: Record<string, string> = {};
      let refusal: Error | null = null;
      let finished = false;
      const refuse = (e: Error) => {
        refusal ??= e;
      };

      parser.on('file', (name, stream, info) => {
        if (refusal) return void stream.resume();
        // an empty file input of a browser form: no file chosen
        if (!info.filename) return void stream.resume();
        if (name !== field) {
          refuse(FilesErrors.wrongFileField(field));
          return void stream.resume();
        }
        const named = checkUploadName(info.filename, opts.kinds);
        if (!named.ok) {
          refuse(FilesErrors.invalid(named.reason));
          return void stream.resume();
        }
        const index = accepted.push(undefined) - 1;
        const written = this.store.writeStream(stream, { maxBytes: opts.maxBytes, drainOnAbort: true });
        const done = () => void this.writing--;
        this.writing++;
        void written.then(done, done);
        writes.push(
          written.then(
            async (obj) => {
              stored.push(obj);
              if (refusal) return;
              const check = checkUpload({
                name: info.filename!,
                declaredKinds: opts.kinds,
                head: obj.head,
                tail: obj.tail,
                size: obj.size,
                maxBytes: opts.maxBytes,
                zipDirectory: await this.zipDirectoryOf(obj),
              });
              if (!check.ok)
                return refuse(
                  check.problem === 'tooLarge'
                    ? FilesErrors.tooLarge(opts.maxBytes)
                    : FilesErrors.invalid(check.reason),
                );
              accepted[index] = {
                key: obj.key,
                originalName: check.name,
                size: obj.size,
                sha256: obj.sha256,
                kind: check.kind,
                ext: check.ext,
                contentType: check.contentType,
              };
            },
            (e: unknown) => {
              if (e instanceof FileTooLargeError) refuse(FilesErrors.tooLarge(opts.maxBytes));
              else if (e instanceof UploadInterruptedError) refuse(FilesErrors.malformed());
              else refuse(e instanceof Error ? e : new Error(String(e)));
            },
          ),
        );
      });

      parser.on('field', (name, value, info) => {
        if (!allowedFields.includes(name)) refuse(FilesErrors.unexpectedField(name));
        else if (info.valueTruncated) refuse(FilesErrors.fieldTooLong(name));
        else if (Object.hasOwn(fields, name)) refuse(FilesErrors.duplicateField(name));
        else fields[name] = value;
      });
      parser.on('filesLimit', () => refuse(FilesErrors.tooManyFiles(maxFiles)));
      parser.on('fieldsLimit', () => refuse(FilesErrors.tooManyFields()));
      parser.on('partsLimit', () => refuse(FilesErrors.tooManyParts()));

      const finish = async () => {
        if (finished) return;
        finished = true;
        req.off('close', onRequestClose);
        await Promise.allSettled(writes);
        const files = accepted.filter((f): f is ReceivedFile => f !== undefined);
        if (!refusal && files.length < minFiles) refusal = FilesErrors.missing();
        if (!refusal) return resolve({ files, fields });
        await this.discard(stored.map((o) => o.key));
        reject(refusal);
      };
      parser.on('error', () => {
        refuse(FilesErrors.malformed());
        req.unpipe(parser);
        req.resume(); // read and drop the rest so the answer can be sent on this connection
        void finish();
      });
      parser.on('close', () => void finish());
      // the client went away mid-body: end the file streams in error so their temporary files are removed
      const onRequestClose = () => {
        if (!req.complete) parser.destroy(new Error('Request aborted'));
      };
      req.on('close', onRequestClose);
      req.pipe(parser);
    });
  }

  /**
   * Stores bytes the server made itself (not an upload, so not sniffed): the object's key, size and sha256,
   * for the caller to record in its transaction (and discard if that fails).
   */
  async storeBytes(data: Buffer): Promise<{ key: string; size: number; sha256: string }> {
    const obj = await this.store.writeStream(Readable.from([data]), { maxBytes: data.length });
    return { key: obj.key, size: obj.size, sha256: obj.sha256 };
  }

  /** Removes stored files (e.g. when the transaction that was to record them failed); never throws. */
  async discard(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.store.remove(key);
      } catch (e) {
        this.logger.warn(`Could not remove file ${key}: ${(e as Error).message}`);
      }
    }
  }

  /** Streams a stored file as an attachment (see sendStoredFile). */
  sendFile(res: Response, file: DownloadFile): Promise<void> {
    return sendStoredFile(this.store, res, file);
  }

  /**
   * The stored object's bytes as a stream, or null when it is gone (e.g. to put it in an archive). With the
   * recorded `sha256`, the stream fails (an error, before its last bytes) when the bytes do not hash to it.
   */
  async openStored(key: string, sha256?: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const opened = await this.store.open(key);
      if (!sha256) return opened;
      const verified = new VerifyingStream(key, sha256);
      opened.stream.on('error', (e) => verified.destroy(e));
      verified.on('close', () => opened.stream.destroy());
      return { stream: opened.stream.pipe(verified), size: opened.size };
    } catch (e) {
      if (e instanceof FileNotFoundError) return null;
      throw e;
    }
  }

  /** Whether the object is in the store. */
  existsStored(key: string): Promise<boolean> {
    return this.store.exists(key);
  }

  /** The ZIP central directory when the tail does not hold it (large packages), for the docx/pptx check. */
  private async zipDirectoryOf(obj: StoredObject): Promise<Uint8Array | undefined> {
    if (obj.head[0] !== 0x50 || obj.head[1] !== 0x4b) return undefined;
    const range = zipDirectoryRange(obj.tail, obj.size);
    if (!range || range.offset >= obj.size - obj.tail.length) return undefined;
    if (range.length > MAX_ZIP_DIRECTORY_BYTES) return undefined;
    return this.store.read(obj.key, range.offset, range.length);
  }
}
