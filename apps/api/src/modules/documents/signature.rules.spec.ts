import { checkSignature, SIGNATURE_MAX_LENGTH, SIGNATURE_MESSAGES } from './signature.rules.js';

describe('checkSignature', () => {
  it('keeps a typed name, trimmed, with runs of spaces collapsed', () => {
    expect(checkSignature('  Ada   Lovelace ')).toEqual({ ok: true, text: 'Ada Lovelace' });
  });

  it('asks for a signature when none was typed', () => {
    for (const input of ['', '   ', undefined, null, 42])
      expect(checkSignature(input)).toEqual({
        ok: false,
        code: 'documents.signature_invalid',
        message: 'Please provide a signature first.',
      });
  });

  it('accepts exactly the maximum length in characters, counting code points', () => {
    expect(checkSignature('a'.repeat(SIGNATURE_MAX_LENGTH)).ok).toBe(true);
    expect(checkSignature('𝒜'.repeat(SIGNATURE_MAX_LENGTH)).ok).toBe(true);
  });

  it('refuses one character more than the maximum with the spec message', () => {
    expect(checkSignature('a'.repeat(SIGNATURE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      code: 'documents.signature_too_long',
      message: 'Please type a signature of at most 100 characters',
    });
  });

  it('refuses control characters, separators, bidirectional overrides and lone surrogates', () => {
    for (const input of [
      'Ada\u0000',
      'Ada\nLovelace',
      'Ada\tL',
      'A\u007f',
      'A\u0085',
      'A\u2028B',
      'A\u202EB',
      'A\u2067B',
      'A\uD800',
    ])
      expect(checkSignature(input)).toEqual({
        ok: false,
        code: 'documents.signature_invalid',
        message: SIGNATURE_MESSAGES.invalidCharacters,
      });
  });

  it('accepts names in any script, with accents and joiners', () => {
    for (const name of ['José Ñúñez', 'Zoë O’Brien-Smith', 'محمد علي', 'नमस्ते', 'می‌خواهم', '王小明'])
      expect(checkSignature(name)).toEqual({ ok: true, text: name.normalize('NFC') });
  });
});
