import { hash, verify, type Algorithm } from '@node-rs/argon2';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * argon2id at 64 MiB, 3 passes and 4 lanes: above OWASP's current minimum, and the parameters of
 * every hash stored so far. Each hash names its own parameters, so changing these later keeps old
 * hashes verifying.
 */
// The library's `Algorithm` is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = { algorithm: 2 as Algorithm, memoryCost: 65_536, timeCost: 3, parallelism: 4 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

// Verifying against a real hash when the account does not exist keeps response times alike, so
// timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(hash, password);
  } catch {
    return false;
  }
}

/** A message for a password that is too weak, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
