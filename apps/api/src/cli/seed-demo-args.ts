/** The options of `npm run seed:demo` (apps/api/src/cli/seed-demo.ts). */
import { parseArgs } from 'node:util';
import { DEMO_DEFAULT_PAPERS, DEMO_DEFAULT_SEED, DEMO_MAX_PAPERS } from '../modules/demo/demo-plan.js';

export const SEED_USAGE = `Usage: npm run seed:demo [-- --papers N] [--seed S] [--no-documents]
  --papers N       how many papers (default ${DEMO_DEFAULT_PAPERS}, at most ${DEMO_MAX_PAPERS})
  --seed S         the random seed, a number or any text (default ${DEMO_DEFAULT_SEED}): the same seed and size give the same conference
  --no-documents   skip the letters and consent signatures that need Chromium`;

export class UsageError extends Error {}

/** The options of the command line; UsageError with the reason when they are wrong. */
export function parseSeedArgs(argv: string[]): { papers: number; seed: string; documents: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        papers: { type: 'string' },
        seed: { type: 'string' },
        'no-documents': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.help) throw new UsageError('');
  const papers = values.papers === undefined ? DEMO_DEFAULT_PAPERS : Number(values.papers);
  if (!Number.isInteger(papers) || papers < 1 || papers > DEMO_MAX_PAPERS)
    throw new UsageError(`--papers must be a whole number from 1 to ${DEMO_MAX_PAPERS}`);
  const seed = values.seed ?? String(DEMO_DEFAULT_SEED);
  if (!seed.trim()) throw new UsageError('--seed must not be empty');
  return { papers, seed, documents: !values['no-documents'] };
}
