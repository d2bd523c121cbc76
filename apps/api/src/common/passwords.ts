import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * scrypt (memory-hard) hash: scrypt$N$r$p$salt$hash. `cost` is N, the product's unless given (tests seed users
 * at a lower one: verifyPassword reads N from the hash).
 */
export async function hashPassword(password: string, cost = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N: cost, r: R, p: P });
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash of nothing anyone knows, made once: checked when there is no account, so that answers
 * for unknown e-mails take as long as a wrong password for a known one. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64')));

/** True when the password matches; false (after the same amount of hashing) when there is no hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const usable = stored?.startsWith('scrypt$') && stored.split('$').length === 6;
  const [alg, n, r, p, saltB64, keyB64] = (usable ? stored! : await dummy()).split('$');
  if (alg !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return Boolean(usable) && timingSafeEqual(key, expected);
}
