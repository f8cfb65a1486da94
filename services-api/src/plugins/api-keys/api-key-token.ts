import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX } from '@msp/shared';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^22 is about 2^131: past the 128 random bits a key needs. */
export const TOKEN_RANDOM_LENGTH = 22;
/** 62^6 is above 2^32, so every CRC32 has its own fixed-width spelling. */
export const TOKEN_CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = new RegExp(
  `^${API_KEY_PREFIX}[0-9A-Za-z]{${TOKEN_RANDOM_LENGTH + TOKEN_CHECKSUM_LENGTH}}$`,
);
/** The largest multiple of 62 a byte can hold: bytes at or above it are dropped, so no digit is favoured. */
const UNBIASED_LIMIT = 248;

function randomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT) text += BASE62[byte % 62];
      if (text.length === length) break;
    }
  }
  return text;
}

function base62(value: number, width: number): string {
  let text = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    text = BASE62[rest % 62] + text;
    rest = Math.floor(rest / 62);
  }
  return text;
}

/** The checksum of a token's random part: its CRC32 in six base62 digits. */
export function checksumOf(random: string): string {
  return base62(crc32(random), TOKEN_CHECKSUM_LENGTH);
}

/**
 * A new API key: `msp_`, 22 random base62 characters and a 6-character checksum of them. The
 * prefix lets secret scanners find keys; the checksum lets them, and this server, refuse a typo or
 * a made-up string without a database lookup.
 */
export function generateToken(): string {
  const random = randomBase62(TOKEN_RANDOM_LENGTH);
  return `${API_KEY_PREFIX}${random}${checksumOf(random)}`;
}

/** Whether the text has a key's shape and a checksum that matches. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(API_KEY_PREFIX.length);
  const random = body.slice(0, TOKEN_RANDOM_LENGTH);
  return checksumOf(random) === body.slice(TOKEN_RANDOM_LENGTH);
}

/**
 * What is stored of a token: its SHA-256, hex. A slow password hash would add nothing for 128
 * random bits, and a deterministic hash lets a request find its key through the unique index.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How the admin's table shows a key: the prefix and the last four characters. */
export function maskToken(last4: string): string {
  return `${API_KEY_PREFIX}…${last4}`;
}
