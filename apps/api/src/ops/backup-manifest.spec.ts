import { BackupError, formatBytes, parseManifest } from './backup-manifest.js';
import { toolConnection } from './database-inventory.js';

const valid = {
  format: 'symposium-backup',
  version: 1,
  createdAt: '2026-11-27T12:00:00.000Z',
  appVersion: '0.1.0',
  database: {
    kind: 'postgres',
    file: 'database.dump',
    size: 10,
    sha256: 'a'.repeat(64),
    serverVersion: '15',
  },
  tables: { 'public.users': 3 },
  files: [{ key: 'b'.repeat(32), size: 5, sha256: 'c'.repeat(64), referenced: true }],
};

describe('parseManifest', () => {
  it('reads a manifest as backup writes it', () => {
    expect(parseManifest(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([
    ['not JSON', '{', 'is not JSON'],
    ['another format', JSON.stringify({ ...valid, format: 'x' }), 'not a Symposium backup manifest'],
    ['a newer version', JSON.stringify({ ...valid, version: 2 }), 'format version 2'],
    [
      'a database file outside the directory',
      JSON.stringify({ ...valid, database: { ...valid.database, file: '../etc/passwd' } }),
      'database entry',
    ],
    ['a negative count', JSON.stringify({ ...valid, tables: { 'public.users': -1 } }), 'table counts'],
    [
      'a file key that is not a store key',
      JSON.stringify({ ...valid, files: [{ ...valid.files[0], key: '../../x' }] }),
      'file entry is malformed',
    ],
  ])('refuses %s', (_what, text, message) => {
    expect(() => parseManifest(text)).toThrow(BackupError);
    expect(() => parseManifest(text)).toThrow(message);
  });
});

describe('toolConnection', () => {
  it('passes the password in the environment, never on the command line', () => {
    const { dbname, env } = toolConnection('postgres://app:p%40ss@db.example:5433/symposium?sslmode=require');
    expect(dbname).toBe('postgres://app@db.example:5433/symposium?sslmode=require');
    expect(env.PGPASSWORD).toBe('p@ss');
  });
});

test('formatBytes', () => {
  expect([formatBytes(512), formatBytes(2048), formatBytes(5 * 1024 * 1024)]).toEqual([
    '512 B',
    '2.0 kB',
    '5.0 MB',
  ]);
});
