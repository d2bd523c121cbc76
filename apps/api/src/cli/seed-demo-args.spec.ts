import { parseSeedArgs, UsageError } from './seed-demo-args.js';

describe(parseSeedArgs.name, () => {
  it('takes the default size and seed without options', () => {
    expect(parseSeedArgs([])).toEqual({ papers: 60, seed: '2027', documents: true });
  });

  it('reads --papers, --seed and --no-documents', () => {
    expect(parseSeedArgs(['--papers', '2000', '--seed', 'lisbon', '--no-documents'])).toEqual({
      papers: 2000,
      seed: 'lisbon',
      documents: false,
    });
    expect(parseSeedArgs(['--papers=200', '--seed=5'])).toEqual({ papers: 200, seed: '5', documents: true });
  });

  it.each([
    ['--papers', '0'],
    ['--papers', '2.5'],
    ['--papers', 'many'],
    ['--papers', '20001'],
    ['--seed', ' '],
    ['--size', '3'],
    ['extra'],
  ])('refuses %s %s with the reason', (...args) => {
    expect(() => parseSeedArgs(args)).toThrow(UsageError);
  });
});
