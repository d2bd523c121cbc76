import { randomBytes, scrypt } from 'node:crypto';

/**
 * Password hashes for the users tests write straight into the database. The product's format
 * (`scrypt$N$r$p$salt$hash`: verifyPassword reads the cost from the hash itself) at N = 1024 instead of the
 * product's 16384, made once per password and process: every seeded user and every sign-in of one cost a
 * 16 MB, ~50 ms scrypt run, about an eighth of the API suite's CPU. Accounts made through the API (sign-up,
 * registration, password changes) keep the product's cost; apps/api/src/common/passwords.spec.ts tests it.
 */
const N = 1024;
const R = 8;
const P = 1;
const made = new Map<string, Promise<string>>();

export function hashPassword(password: string): Promise<string> {
  let hash = made.get(password);
  if (!hash) {
    const salt = randomBytes(16);
    hash = new Promise<string>((resolve, reject) =>
      scrypt(password, salt, 32, { N, r: R, p: P }, (err, key) =>
        err
          ? reject(err)
          : resolve(`scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`),
      ),
    );
    made.set(password, hash);
  }
  return hash;
}
