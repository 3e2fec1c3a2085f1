import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';

/**
 * CloudFront's compression, for the local origin: a file whose type CloudFront compresses, between 1,000 bytes and
 * 10 MB, goes out with brotli or gzip when the viewer accepts one (brotli first, as CloudFront prefers it), with
 * `Vary: Accept-Encoding`. Each file is compressed once per version (its size and modification time) and kept;
 * zlib's asynchronous calls run on libuv's thread pool, so compressing never holds up the origin's other requests.
 */
export type ContentEncoding = 'br' | 'gzip';

const MIN_BYTES = 1_000;
const MAX_BYTES = 10_000_000;

/** The types CloudFront compresses that the SPA serves (CloudFront's list is longer: fonts, XML, ...). */
const COMPRESSIBLE_TYPE = /^(text\/(html|css|javascript|plain)|application\/(json|javascript|manifest\+json)|image\/(svg\+xml|x-icon))(;|$)/;

export function isCompressible(contentType: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && bytes <= MAX_BYTES && COMPRESSIBLE_TYPE.test(contentType);
}

/** negotiator 1.x takes the server's preference among equally accepted encodings; @types/negotiator (0.6) predates it. */
type EncodingNegotiator = { encoding(available: string[], options: { preferred: string[] }): string | undefined };
const negotiator = (req: Pick<IncomingMessage, 'headers'>) => new Negotiator(req) as unknown as EncodingNegotiator;

/** The encoding to send for the request's Accept-Encoding (q-values honoured), or none. */
export function chooseEncoding(req: Pick<IncomingMessage, 'headers'>): ContentEncoding | undefined {
  const encoding = negotiator(req).encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] });
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

interface Compressed {
  version: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

export function compressedFiles() {
  const cache = new Map<string, Compressed>();
  return {
    /**
     * The bytes in the encoding, made on first use for this version (once, however many ask): a file's, or what
     * `load` answers for the key (a page the origin writes).
     */
    get(key: string, version: string, encoding: ContentEncoding, load: () => Promise<Buffer> = () => readFile(key)): Promise<Buffer> {
      let entry = cache.get(key);
      if (!entry || entry.version !== version) cache.set(key, (entry = { version }));
      const made = (entry[encoding] ??= load().then((raw) =>
        encoding === 'br'
          ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : gzipped(raw, { level: 9 }),
      ));
      // A failed read (the file replaced mid-build) is tried again next time.
      made.catch(() => {
        if (entry[encoding] === made) delete entry[encoding];
      });
      return made;
    },
  };
}
