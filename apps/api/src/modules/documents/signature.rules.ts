import { PAPER_MESSAGES } from '@symposium/domain';

/** The limit behind PAPER_MESSAGES.signatureTooLong ('Please type a signature of at most 100 characters'). */
export const SIGNATURE_MAX_LENGTH = 100;

export const SIGNATURE_MESSAGES = {
  required: PAPER_MESSAGES.signatureRequired,
  tooLong: PAPER_MESSAGES.signatureTooLong,
  invalidCharacters: 'Please type a signature without control characters',
} as const;

export type SignatureCheck =
  | { ok: true; text: string }
  | { ok: false; code: 'documents.signature_invalid' | 'documents.signature_too_long'; message: string };

// C0/C1 controls and DEL, line/paragraph separators, bidirectional embeddings/overrides/isolates (which
// could make the image read differently from the stored text), and unpaired surrogates.
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]/u;

/**
 * The typed signature as it is rendered and stored: trimmed, NFC, runs of spaces collapsed; 1 to
 * SIGNATURE_MAX_LENGTH characters (code points), no control characters.
 */
export function checkSignature(input: unknown): SignatureCheck {
  if (typeof input !== 'string' || input.trim() === '')
    return { ok: false, code: 'documents.signature_invalid', message: SIGNATURE_MESSAGES.required };
  const trimmed = input.trim();
  if (FORBIDDEN.test(trimmed))
    return { ok: false, code: 'documents.signature_invalid', message: SIGNATURE_MESSAGES.invalidCharacters };
  const text = trimmed.normalize('NFC').replace(/\s+/gu, ' ');
  if ([...text].length > SIGNATURE_MAX_LENGTH)
    return { ok: false, code: 'documents.signature_too_long', message: SIGNATURE_MESSAGES.tooLong };
  return { ok: true, text };
}
