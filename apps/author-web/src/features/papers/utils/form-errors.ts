import type { AnsweredQuestion, FieldError, SurveyQuestion } from '@symposium/domain';

/** field → the first message for it. */
export function firstErrors(errors: FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}

/** The stored answers laid out by question: matched by title, else by position. */
export function answersFor(questions: SurveyQuestion[], stored: AnsweredQuestion[] | undefined): string[] {
  return questions.map((q, i) => {
    const byTitle = stored?.find((s) => s.title === q.title);
    return byTitle?.answer ?? stored?.[i]?.answer ?? '';
  });
}

/** Errors whose field is `prefix.N.answer`, by N. */
export function indexedErrors(errors: Record<string, string>, prefix: string): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (!field.startsWith(`${prefix}.`) || !field.endsWith('.answer')) continue;
    const index = field.slice(prefix.length + 1, -'.answer'.length);
    if (/^\d+$/.test(index)) out[Number(index)] ??= message;
  }
  return out;
}
