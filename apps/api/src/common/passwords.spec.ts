import { hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });
  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
  it('refuses accounts without a password', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
  });
  it('refuses a malformed stored hash (after hashing against the dummy, as for an unknown account)', async () => {
    expect(await verifyPassword('anything', 'scrypt$broken')).toBe(false);
    expect(await verifyPassword('', 'plain-text-password')).toBe(false);
  });
});
