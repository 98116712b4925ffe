import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError, badRequest } from './problem.ts';

/**
 * multipart/form-data bodies, read as a stream with busboy: the one file part
 * is handed to the caller's receiver as it arrives (never buffered whole), and
 * the other fields are collected as text. busboy is maintained, small,
 * framework-agnostic and streams, which Express 5 needs nothing more for.
 */

/** The file part of a form as it streams in. */
export interface IncomingFile {
  /** The name the sender gave the file (untrusted: for display and downloads only). */
  filename: string;
  /** The media type the sender declared (untrusted). */
  declaredType: string;
  /** The bytes. Set `truncated` is true once the size limit cut them off. */
  stream: Readable & { truncated?: boolean };
}

/** A form the caller reads once: fields as text, the file through `receive`. */
export interface FormUpload {
  /** The largest file the form accepts, in bytes. */
  readonly maxFileBytes: number;
  /**
   * Reads the whole body. `receive` gets the file part and must consume its
   * stream; its result is returned as `file` (undefined when no file was sent).
   */
  read<T>(receive: (file: IncomingFile) => Promise<T>): Promise<{ fields: Record<string, string>; file: T | undefined }>;
}

export const unsupportedMediaType = (detail: string) => new AppError(415, 'unsupported-media-type', 'Unsupported media type', detail);
export const payloadTooLarge = (detail: string, closeConnection = false) =>
  new AppError(413, 'payload-too-large', 'Request body too large', detail, undefined, closeConnection ? { Connection: 'close' } : undefined);

/** Whether a request's body is a multipart/form-data form (by its declared content type). */
export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

const FIELD_BYTES_MAX = 4096;
const FIELDS_MAX = 20;
/** Beyond the file limit, how much more a body may carry before the connection is cut (form overhead, then a runaway sender). */
const SLACK_BYTES = 1024 * 1024;

/** A form upload over an Express request, with one file part named `fileField`. */
export function formUpload(req: Request, options: { fileField: string; maxFileBytes: number }): FormUpload {
  const { fileField, maxFileBytes } = options;
  // A sender may overrun the file limit by a little (busboy drains and reports it: a clean 413);
  // a body far beyond it is refused without reading it all.
  const hardCap = maxFileBytes * 2 + SLACK_BYTES;
  return {
    maxFileBytes,
    read<T>(receive: (file: IncomingFile) => Promise<T>) {
      return new Promise<{ fields: Record<string, string>; file: T | undefined }>((resolve, reject) => {
        if (!isMultipart(req)) {
          reject(unsupportedMediaType('Send the file as multipart/form-data with a part named `file`.'));
          return;
        }
        const declared = Number(req.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > hardCap) {
          reject(payloadTooLarge(`The file is over the ${maxFileBytes} byte limit.`, true));
          return;
        }
        let parser: busboy.Busboy;
        try {
          parser = busboy({
            headers: req.headers,
            // File names arrive as UTF-8 from every browser (RFC 7578); busboy's default is latin1.
            defParamCharset: 'utf8',
            limits: { fileSize: maxFileBytes, files: 1, fields: FIELDS_MAX, fieldSize: FIELD_BYTES_MAX, parts: FIELDS_MAX + 1, fieldNameSize: 100 },
          });
        } catch {
          reject(badRequest('The multipart body could not be read (no boundary?).', [{ path: 'body', message: 'is not a readable multipart/form-data body' }]));
          return;
        }
        const fields: Record<string, string> = {};
        let received: Promise<T> | undefined;
        let activeFile: Readable | undefined;
        let failure: AppError | undefined;
        let settled = false;
        let bytes = 0;
        const fail = (error: AppError) => {
          failure ??= error;
        };
        const finish = (error?: unknown) => {
          if (settled) return;
          settled = true;
          req.off('data', count);
          const done = received ?? Promise.resolve(undefined);
          // The receiver always runs to its end (it removes what it staged when it fails).
          done.then(
            (file) => (error ? reject(error) : failure ? reject(failure) : resolve({ fields, file })),
            (err: unknown) => reject(error ?? failure ?? err),
          );
        };
        const count = (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > hardCap) {
            req.unpipe(parser);
            parser.destroy();
            finish(payloadTooLarge(`The file is over the ${maxFileBytes} byte limit.`, true));
          }
        };
        parser.on('file', (name, stream, info) => {
          if (name !== fileField || received) {
            fail(badRequest(`Send one file, in the part named \`${fileField}\`.`, [{ path: `body.${name}`, message: `unexpected file part (the file goes in \`${fileField}\`)` }]));
            stream.resume();
            return;
          }
          activeFile = stream;
          received = receive({ filename: info.filename ?? '', declaredType: info.mimeType, stream });
          // Keep the rejection for `finish`; never an unhandled one meanwhile.
          received.catch(() => undefined);
        });
        parser.on('field', (name, value, info) => {
          if (info.valueTruncated || info.nameTruncated) fail(badRequest(`The field ${name} is too long.`, [{ path: `body.${name}`, message: 'is too long' }]));
          else if (name in fields) fail(badRequest(`The field ${name} is sent twice.`, [{ path: `body.${name}`, message: 'is sent twice' }]));
          else fields[name] = value;
        });
        const tooMany = () => fail(badRequest('The form has too many parts.', [{ path: 'body', message: 'has too many parts' }]));
        parser.on('partsLimit', tooMany);
        parser.on('fieldsLimit', tooMany);
        parser.on('filesLimit', () => fail(badRequest('Send one file per upload.', [{ path: `body.${fileField}`, message: 'send one file' }])));
        parser.on('error', () => finish(badRequest('The multipart body could not be read.', [{ path: 'body', message: 'is not a readable multipart/form-data body' }])));
        parser.on('close', () => finish());
        req.on('data', count);
        // The sender went away mid-body: the file part ends in an error, so the receiver removes what it staged.
        const interrupted = () => {
          if (req.complete) return;
          const error = badRequest('The upload was interrupted.');
          activeFile?.destroy(error);
          parser.destroy(error);
          finish(error);
        };
        req.on('close', interrupted);
        req.on('error', interrupted);
        req.pipe(parser);
      });
    },
  };
}
