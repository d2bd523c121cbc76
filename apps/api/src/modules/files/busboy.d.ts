/** The part of busboy 1.x (the multipart parser multer uses) that the files module relies on. */
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  namespace busboy {
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
    }
    interface BusboyConfig {
      headers: IncomingHttpHeaders;
      highWaterMark?: number;
      fileHwm?: number;
      defCharset?: string;
      defParamCharset?: string;
      preservePath?: boolean;
      limits?: Limits;
    }
    interface FileInfo {
      filename: string | undefined;
      encoding: string;
      mimeType: string;
    }
    interface FieldInfo {
      nameTruncated: boolean;
      valueTruncated: boolean;
      encoding: string;
      mimeType: string;
    }
    interface FileStream extends Readable {
      truncated: boolean;
    }
    interface Busboy extends Writable {
      on(event: 'file', listener: (name: string, stream: FileStream, info: FileInfo) => void): this;
      on(event: 'field', listener: (name: string, value: string, info: FieldInfo) => void): this;
      on(event: 'filesLimit' | 'fieldsLimit' | 'partsLimit' | 'close' | 'finish', listener: () => void): this;
      on(event: 'error', listener: (error: Error) => void): this;
    }
  }
  function busboy(config: busboy.BusboyConfig): busboy.Busboy;
  export = busboy;
}
