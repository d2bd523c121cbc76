import {
  parseResponseText,
  responseCounterText,
  responseLength,
  responseLimitError,
  responseWindowState,
  RESPONSE_MESSAGES,
} from './responses.js';

describe('author response length', () => {
  it('counts words separated by any Unicode whitespace', () => {
    expect(responseLength('  one two\tthree\nfour\u00a0five\u2003six  ', 'words')).toBe(6);
    expect(responseLength('', 'words')).toBe(0);
    expect(responseLength(' \n\t ', 'words')).toBe(0);
  });

  it('counts characters as code points after turning CRLF and CR into LF', () => {
    expect(responseLength('a\r\nb\rc\n', 'characters')).toBe(6);
    expect(responseLength('😀é中', 'characters')).toBe(3);
  });

  it('accepts a response exactly at the word limit and refuses one word more', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(responseLimitError(words(1200), 1200, 'words')).toBeNull();
    expect(responseLimitError(words(1201), 1200, 'words')).toBe(
      'The response is 1,201 words long; the limit is 1,200 words',
    );
  });

  it('accepts a response exactly at the character limit and refuses one character more', () => {
    expect(responseLimitError('x'.repeat(2000), 2000, 'characters')).toBeNull();
    expect(responseLimitError('x'.repeat(2001), 2000, 'characters')).toBe(
      'The response is 2,001 characters long; the limit is 2,000 characters',
    );
  });

  it('shows the counter as length over limit', () => {
    expect(responseCounterText(812, 1200, 'words')).toBe('812 / 1,200 words');
    expect(RESPONSE_MESSAGES.tooLong(1203, 1200, 'words')).toBe(
      'The response is 1,203 words long; the limit is 1,200 words',
    );
  });
});

describe('author response window', () => {
  const opensAt = new Date('2026-06-01T00:00:00Z');
  const closesAt = new Date('2026-06-08T00:00:00Z');
  const minute = 60_000;
  const w = { opensAt, closesAt, limit: 500 };

  it('is open from the opening instant until just before the closing instant', () => {
    expect(responseWindowState(w, new Date(opensAt.getTime() - minute))).toBe('before');
    expect(responseWindowState(w, opensAt)).toBe('open');
    expect(responseWindowState(w, new Date(opensAt.getTime() + minute))).toBe('open');
    expect(responseWindowState(w, new Date(closesAt.getTime() - minute))).toBe('open');
    expect(responseWindowState(w, closesAt)).toBe('closed');
    expect(responseWindowState(w, new Date(closesAt.getTime() + minute))).toBe('closed');
  });

  it('has no response phase without a limit and is unset without dates', () => {
    expect(responseWindowState({ ...w, limit: null }, opensAt)).toBe('none');
    expect(responseWindowState({ ...w, closesAt: null }, opensAt)).toBe('unset');
  });
});

describe('the safe Markdown subset of a response', () => {
  it('keeps markup as literal text', () => {
    expect(parseResponseText('<script>alert(1)</script>')).toEqual([
      { t: 'p', c: [{ t: 'text', v: '<script>alert(1)</script>' }] },
    ]);
  });

  it('renders emphasis, strong, code, lists and http links only', () => {
    const blocks = parseResponseText(
      'We *thank* the **reviewers**; see `x_y` and [the proof](https://example.org/p).\n\n- one\n- two\n\n1. a\n2. b\n\n[bad](javascript:alert(1)) snake_case_name',
    );
    expect(blocks[0]).toEqual({
      t: 'p',
      c: [
        { t: 'text', v: 'We ' },
        { t: 'em', c: [{ t: 'text', v: 'thank' }] },
        { t: 'text', v: ' the ' },
        { t: 'strong', c: [{ t: 'text', v: 'reviewers' }] },
        { t: 'text', v: '; see ' },
        { t: 'code', v: 'x_y' },
        { t: 'text', v: ' and ' },
        { t: 'link', href: 'https://example.org/p', c: [{ t: 'text', v: 'the proof' }] },
        { t: 'text', v: '.' },
      ],
    });
    expect(blocks[1]).toEqual({ t: 'ul', items: [[{ t: 'text', v: 'one' }], [{ t: 'text', v: 'two' }]] });
    expect(blocks[2]).toEqual({ t: 'ol', items: [[{ t: 'text', v: 'a' }], [{ t: 'text', v: 'b' }]] });
    expect(blocks[3]).toEqual({
      t: 'p',
      c: [{ t: 'text', v: '[bad](javascript:alert(1)) snake_case_name' }],
    });
  });

  it('keeps a fenced code block literal', () => {
    expect(parseResponseText('```\n**not bold**\n```')).toEqual([{ t: 'pre', v: '**not bold**' }]);
  });
});
