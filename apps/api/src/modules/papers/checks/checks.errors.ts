import { CHECK_MESSAGES, type CheckFinding, type CheckResult } from '@symposium/domain';
import { badRequest, notFound } from '../../../common/errors.js';

export const ChecksErrors = {
  /** An upload whose findings block (details: the check, shown to the author). */
  blocked: (result: CheckResult) => badRequest('checks.blocked', CHECK_MESSAGES.blocked, result),
  cameraReadyBlocked: (findings: CheckFinding[]) =>
    badRequest('checks.cameraReadyBlocked', CHECK_MESSAGES.cameraReadyBlocked, { findings }),
  reasonRequired: (message: string) => badRequest('checks.reasonRequired', message),
  reasonTooLong: () => badRequest('checks.reasonTooLong', CHECK_MESSAGES.reasonTooLong),
  findingNotFound: () => notFound('checks.findingNotFound', CHECK_MESSAGES.findingNotFound),
  pairNotFound: () => notFound('checks.pairNotFound', CHECK_MESSAGES.pairNotFound),
  notPdf: () => badRequest('checks.notPdf', CHECK_MESSAGES.notPdf),
  stageInvalid: () => badRequest('checks.stageInvalid', CHECK_MESSAGES.stageInvalid),
};
