import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The format's version: the first part of every sealed string, so a later format can sit beside it. */
const VERSION = 'v1';
const KEY_BYTES = 32;
/** GCM's standard nonce length; a random one per sealing. */
const IV_BYTES = 12;
/** The full GCM tag: Node would otherwise accept a truncated tag and with it a forgery that is easier to find. */
const TAG_BYTES = 16;

/** A sealed secret that cannot be opened: malformed, altered, or sealed under another secret or purpose. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** Seals and opens secrets at rest (such as a HubSpot access token) under one key. */
export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>`, each part base64url; a new IV every time. */
  seal(plaintext: string): string;
  /** The plaintext, or SecretBoxError. */
  open(sealed: string): string;
}

/**
 * A box whose AES-256-GCM key is derived with HKDF-SHA256 from the application's secret and a
 * purpose label (e.g. `hubspot-token`): one application secret gives each purpose its own key, and
 * a string sealed for one purpose does not open for another. The version is bound in as
 * additional data, so it cannot be changed without the tag failing.
 */
export function createSecretBox(applicationSecret: string, purpose: string): SecretBox {
  if (!applicationSecret) throw new SecretBoxError('the application secret is empty');
  if (!purpose) throw new SecretBoxError('the purpose label is empty');
  const key = Buffer.from(
    hkdfSync('sha256', applicationSecret, '', `msp-secret-box/${VERSION}/${purpose}`, KEY_BYTES),
  );
  const additionalData = Buffer.from(VERSION);

  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map(toPart).join('.');
    },

    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) {
        throw new SecretBoxError(`not a sealed secret: expected ${VERSION}.<iv>.<tag>.<ciphertext>`);
      }
      const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
      if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) {
        throw new SecretBoxError('not a sealed secret: its IV or tag has the wrong length');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch (error) {
        throw new SecretBoxError(
          'the sealed secret does not open: it was sealed under another application secret or purpose, or altered',
          { cause: error },
        );
      }
    },
  };
}

function toPart(value: string | Buffer): string {
  return typeof value === 'string' ? value : value.toString('base64url');
}

/**
 * The last four characters of a token, to show which one is stored without showing it. A token too
 * short for that to leave most of it unknown shows nothing.
 */
export function lastFour(token: string): string {
  const trimmed = token.trim();
  return trimmed.length >= 16 ? trimmed.slice(-4) : '';
}
