import type { ProgrammeView } from '@symposium/domain';
import type { AuthUser } from '../common/auth-user.js';
import { openDatabase, type DatabaseHandle } from '../database/database.js';
import { programmeVersionsTable } from '../modules/programme/programme.table.js';
import { SessionPapersRead } from './session-papers.read.js';

/** A published programme with one day and one event holding these sessions (only the fields read). */
const snapshot = (sessions: { kind: string; chairs: number[]; papers: number[] }[]): ProgrammeView =>
  ({
    version: 1,
    days: [
      {
        events: [
          {
            sessions: sessions.map((s, i) => ({
              kind: s.kind,
              _id: i + 1,
              responsables: s.chairs.map((id) => ({ _id: id })),
              papers: s.papers.map((id) => ({ _id: id })),
            })),
          },
        ],
      },
    ],
  }) as unknown as ProgrammeView;

const user = (id: number) => ({ id }) as AuthUser;

describe('SessionPapersRead', () => {
  let h: DatabaseHandle;
  let read: SessionPapersRead;

  beforeAll(async () => {
    h = await openDatabase({ inMemory: true });
    read = new SessionPapersRead(h.db);
  });
  afterAll(() => h.close());

  it('answers no paper before the first publication', async () => {
    expect(await read.papersOfSessionChair(user(1), [1, 2, 3])).toEqual(new Set());
  });

  it("answers, among the ids asked, the papers of the caller's technical sessions in the latest version", async () => {
    await h.db.insert(programmeVersionsTable).values([
      { version: 1, snapshot: snapshot([{ kind: 'technical', chairs: [7], papers: [1, 2, 3, 4] }]) },
      {
        version: 2,
        snapshot: snapshot([
          { kind: 'technical', chairs: [7, 8], papers: [10, 11] },
          { kind: 'technical', chairs: [8], papers: [12] },
          // a poster session's responsables are no session chairs
          { kind: 'poster', chairs: [7], papers: [13] },
          { kind: 'technical', chairs: [7], papers: [14] },
        ]),
      },
    ]);
    expect(await read.papersOfSessionChair(user(7), [1, 10, 11, 12, 13, 14, 99])).toEqual(
      new Set([10, 11, 14]),
    );
    expect(await read.papersOfSessionChair(user(8), [10, 12])).toEqual(new Set([10, 12]));
    expect(await read.papersOfSessionChair(user(7), [])).toEqual(new Set());
    expect(await read.papersOfSessionChair(user(9), [10, 11, 12])).toEqual(new Set());
  });
});
