import { createHash, type Hash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * The flexible checksums the AWS SDK sends with PutObject (CRC32 by default), computed while the body streams in.
 * CRC64NVME is not computed here: a request that asks for it is stored without it and never echoed.
 */
export const CHECKSUM_ALGORITHMS = ['crc32', 'crc32c', 'sha1', 'sha256'] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

interface Hasher {
  update(chunk: Buffer): void;
  digest(): Buffer;
}

function nodeHash(hash: Hash): Hasher {
  return { update: (chunk) => hash.update(chunk), digest: () => hash.digest() };
}

function crcHasher(update: (chunk: Buffer, value: number) => number): Hasher {
  let value = 0;
  return {
    update: (chunk) => (value = update(chunk, value)),
    digest: () => {
      const out = Buffer.alloc(4);
      out.writeUInt32BE(value >>> 0);
      return out;
    },
  };
}

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32c(chunk: Buffer, value: number): number {
  let crc = ~value >>> 0;
  for (const byte of chunk) crc = (CRC32C_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return ~crc >>> 0;
}

export function createHasher(algorithm: ChecksumAlgorithm | 'md5'): Hasher {
  switch (algorithm) {
    case 'md5':
      return nodeHash(createHash('md5'));
    case 'sha1':
      return nodeHash(createHash('sha1'));
    case 'sha256':
      return nodeHash(createHash('sha256'));
    case 'crc32':
      return crcHasher((chunk, value) => crc32(chunk, value));
    case 'crc32c':
      return crcHasher(crc32c);
  }
}

export function isChecksumAlgorithm(value: string): value is ChecksumAlgorithm {
  return (CHECKSUM_ALGORITHMS as readonly string[]).includes(value);
}
