import { Transform, type TransformCallback } from 'node:stream';

/**
 * Decodes S3's `Content-Encoding: aws-chunked` body: `<hex size>[;chunk-signature=…]\r\n<data>\r\n` repeated, a
 * zero-size chunk, then trailer lines (`x-amz-checksum-crc32:<base64>`) and an empty line. The AWS SDK uses it for
 * stream bodies so it can send the checksum as a trailer. Signatures are not verified (nothing is, locally).
 */
const MAX_LINE = 4096;

export class AwsChunkedDecoder extends Transform {
  readonly trailers: Record<string, string> = {};
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  private line = Buffer.alloc(0);
  private remaining = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.consume(chunk);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    callback(this.state === 'done' ? undefined : new Error('aws-chunked body ended before its final chunk'));
  }

  private consume(input: Buffer): void {
    let chunk = input;
    while (chunk.length > 0 && this.state !== 'done') {
      if (this.state === 'data') {
        const take = Math.min(this.remaining, chunk.length);
        this.push(chunk.subarray(0, take));
        this.remaining -= take;
        chunk = chunk.subarray(take);
        if (this.remaining === 0) this.state = 'data-end';
        continue;
      }
      const newline = chunk.indexOf(0x0a);
      const part = newline === -1 ? chunk : chunk.subarray(0, newline + 1);
      this.line = Buffer.concat([this.line, part]);
      chunk = chunk.subarray(part.length);
      if (this.line.length > MAX_LINE) throw new Error('aws-chunked line too long');
      if (newline === -1) continue;
      const text = this.line.toString('utf8').replace(/\r?\n$/, '');
      this.line = Buffer.alloc(0);
      this.onLine(text);
    }
  }

  private onLine(text: string): void {
    switch (this.state) {
      case 'size': {
        const sizeText = text.split(';')[0]?.trim() ?? '';
        if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw new Error('malformed aws-chunked chunk size');
        this.remaining = parseInt(sizeText, 16);
        this.state = this.remaining === 0 ? 'trailer' : 'data';
        return;
      }
      case 'data-end':
        if (text !== '') throw new Error('aws-chunked chunk longer than its declared size');
        this.state = 'size';
        return;
      case 'trailer': {
        if (text === '') {
          this.state = 'done';
          return;
        }
        const colon = text.indexOf(':');
        if (colon <= 0) throw new Error('malformed aws-chunked trailer');
        this.trailers[text.slice(0, colon).trim().toLowerCase()] = text.slice(colon + 1).trim();
        return;
      }
      default:
        return;
    }
  }
}
