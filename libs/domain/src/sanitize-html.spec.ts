import { isSafeUrl, sanitizeHtml } from './sanitize-html.js';

describe('sanitizeHtml', () => {
  it('keeps ordinary formatting, lists, links and tables as they are', () => {
    const html =
      '<h2>Agreement</h2><p>The <strong>author</strong> grants <em>the publisher</em>:</p>' +
      '<ol start="2"><li>one</li><li>two</li></ol>' +
      '<p><a href="https://example.org/terms" title="Terms">terms</a></p>' +
      '<table border="1"><tbody><tr><td colspan="2">cell</td></tr></tbody></table><br><hr>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes script, style, iframe, object, embed and form elements with their content', () => {
    expect(
      sanitizeHtml(
        '<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.org">x</iframe>' +
          '<object data="x.swf"><param name="a">fallback</object><embed src="x.swf">' +
          '<form action="/steal"><input name="p"><button>Send</button></form><p>b</p>',
      ),
    ).toBe('<p>a</p><p>b</p>');
  });

  it('removes a script whose closing tag has odd case and spacing', () => {
    expect(sanitizeHtml('x<SCRIPT type="text/javascript">bad()</sCrIpT >y')).toBe('xy');
  });

  it('drops the rest of the input after an unclosed script', () => {
    expect(sanitizeHtml('<p>ok</p><script>document.cookie')).toBe('<p>ok</p>');
  });

  it('removes event handler attributes and style attributes', () => {
    expect(sanitizeHtml('<p onclick="steal()" style="x:expression(1)" title="t">x</p>')).toBe(
      '<p title="t">x</p>',
    );
    expect(sanitizeHtml('<img src="/a.png" onerror="steal()" alt="a">')).toBe('<img src="/a.png" alt="a">');
  });

  it('removes javascript:, vbscript: and data: URLs, also when hidden with entities or whitespace', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'javascript&#58;alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
    ])
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });

  it('keeps http, https, mailto, tel and relative URLs', () => {
    for (const url of [
      'http://a.org',
      'https://a.org/x?y=1',
      'mailto:a@b.org',
      'tel:+351',
      '/x',
      '#top',
      'x.html',
    ])
      expect(isSafeUrl(url)).toBe(true);
  });

  it('removes unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<custom-el x="1">hello</custom-el> <blink>there</blink>')).toBe('hello there');
  });

  it('escapes a stray less-than sign and ampersand in text', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2, &amp; stays')).toBe('1 &lt; 2 &amp; 3 &gt; 2, &amp; stays');
  });

  it('removes comments, doctypes and processing instructions', () => {
    expect(sanitizeHtml('<!DOCTYPE html><!-- <script>x</script> --><?xml x?><p>a</p>')).toBe('<p>a</p>');
  });

  it('closes tags left open and drops closing tags that were never opened', () => {
    expect(sanitizeHtml('<div><p><b>bold')).toBe('<div><p><b>bold</b></p></div>');
    expect(sanitizeHtml('</div>text</p>')).toBe('text');
  });

  it('re-quotes attribute values so they cannot break out of the attribute', () => {
    expect(sanitizeHtml(`<a title='x" onmouseover="steal()'>y</a>`)).toBe(
      '<a title="x&quot; onmouseover=&quot;steal()">y</a>',
    );
    expect(sanitizeHtml('<a title=unquoted>y</a>')).toBe('<a title="unquoted">y</a>');
  });

  it('adds rel="noopener noreferrer" to links opening a new window and drops other targets', () => {
    expect(sanitizeHtml('<a href="https://a.org" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://a.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="evil">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('drops an svg with everything inside it, including nested scripts', () => {
    expect(sanitizeHtml('<svg><svg></svg><script>x</script><text>t</text></svg>after')).toBe('after');
  });

  it('treats tag names that exist on Object.prototype as unknown tags', () => {
    expect(sanitizeHtml('<constructor>x</constructor>')).toBe('x');
  });

  it('drops a tag the input ends inside', () => {
    expect(sanitizeHtml('<p>a</p><img src="x" onerror="y')).toBe('<p>a</p>');
  });

  it('reads long runs of unterminated tags in one pass (as text, or dropped at the end of input)', () => {
    expect(sanitizeHtml('<'.repeat(100_000))).toBe('&lt;'.repeat(100_000));
    expect(sanitizeHtml('x' + '<a "'.repeat(50_000))).toBe('x');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
  });
});
