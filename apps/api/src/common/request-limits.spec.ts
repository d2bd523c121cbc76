import { jsonDepth } from './request-limits.js';

const depth = (text: string) => jsonDepth(Buffer.from(text));

describe('jsonDepth', () => {
  it('counts the deepest nesting of objects and arrays', () => {
    expect(depth('{}')).toBe(1);
    expect(depth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(depth('[[[[]]]]')).toBe(4);
    expect(depth('1')).toBe(0);
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    expect(depth('{"a":"[[[{{{"}')).toBe(1);
    expect(depth('{"a":"say \\"[[[\\" twice"}')).toBe(1);
    expect(depth('{"a":"ends in a backslash \\\\","b":[[]]}')).toBe(3);
    expect(depth('{"a":"\\\\\\"[[[["}')).toBe(1);
    expect(depth('{"k[":{"v{":"]}"}}')).toBe(2);
  });

  it('stops at an unterminated string (the parser refuses the body) with the depth so far', () => {
    expect(depth('[[{"a":"[[[[')).toBe(3);
  });

  it('agrees with the parsed depth on generated bodies', () => {
    const parsedDepth = (v: unknown): number =>
      v !== null && typeof v === 'object'
        ? 1 + Math.max(0, ...Object.values(v as object).map(parsedDepth))
        : 0;
    const pieces = ['"', '\\\\', '\\"', '[', ']', '{', '}', 'x'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 300; n++) {
      const value: unknown[] = [];
      let cur: unknown[] = value;
      for (let k = 0; k < 6; k++) {
        const text = Array.from({ length: next() % 6 }, () => pieces[next() % pieces.length]).join('');
        const child: unknown[] = [text, { [text]: text }];
        cur.push(child);
        if (next() % 2) cur = child;
      }
      const json = JSON.stringify(value);
      expect(depth(json)).toBe(parsedDepth(JSON.parse(json)));
    }
  });
});
