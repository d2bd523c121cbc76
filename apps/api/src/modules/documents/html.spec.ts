import { contentSecurityPolicy, escapeHtml, withContentSecurityPolicy } from './html.js';

describe('escapeHtml', () => {
  it('turns markup into text', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });
});

describe('contentSecurityPolicy', () => {
  it('allows nothing but inline styles and the data: kinds asked for', () => {
    expect(contentSecurityPolicy(['font'])).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'",
    );
    expect(contentSecurityPolicy(['font', 'image'])).toContain('img-src data:');
    expect(contentSecurityPolicy([])).not.toContain('data:');
  });
});

describe('withContentSecurityPolicy', () => {
  const meta = `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;">`;

  it('puts the policy right after the doctype, before anything of the document', () => {
    expect(withContentSecurityPolicy('<!DOCTYPE html><html><head><link href=x>', "default-src 'none'")).toBe(
      `<!DOCTYPE html>${meta}<html><head><link href=x>`,
    );
  });

  it('puts the policy first in a document without a doctype', () => {
    expect(withContentSecurityPolicy('<p>hi</p>', "default-src 'none'")).toBe(`${meta}<p>hi</p>`);
  });
});
