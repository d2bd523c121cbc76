import { hashPassword as productHash } from '../../apps/api/src/common/passwords.js';

/**
 * Password hashes for the users tests write straight into the database: the product's hashPassword at
 * scrypt N = 1024 instead of 16384 (verifyPassword reads N from the hash), made once per password and
 * process. Every seeded user and each of their sign-ins cost a 16 MB, ~50 ms scrypt run, about an eighth of
 * the API suite's CPU. Accounts made through the API (sign-up, registration, password changes) keep the
 * product's cost; apps/api/src/common/passwords.spec.ts tests it.
 */
const TEST_COST = 1024;
const made = new Map<string, Promise<string>>();

export function hashPassword(password: string): Promise<string> {
  let hash = made.get(password);
  if (!hash) made.set(password, (hash = productHash(password, TEST_COST)));
  return hash;
}
