import { DomainError } from '../../common/errors.js';

export const DOCUMENTS_UNAVAILABLE_MESSAGE =
  'Documents cannot be rendered right now: the server has no working browser. Please try again later or contact the conference chairs.';

/**
 * 503 'documents.unavailable': no Chromium could be started (none installed, PUPPETEER_EXECUTABLE_PATH
 * pointing nowhere, missing libraries). The reason stays in the server log and in `cause`, not in the answer.
 */
export function documentsUnavailable(reason: string, cause?: unknown): DomainError {
  const error = new DomainError('documents.unavailable', DOCUMENTS_UNAVAILABLE_MESSAGE, 503);
  (error as Error & { reason?: string }).reason = reason;
  if (cause !== undefined) (error as Error & { cause?: unknown }).cause = cause;
  return error;
}
