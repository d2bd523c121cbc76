import type { CheckResult } from '@symposium/domain';
import { ApiError } from '../api';

/** The error codes of a refusal by the submission checks: the details carry the check result. */
export const CHECK_REFUSAL_CODES = ['checks.blocked', 'checks.cameraReadyBlocked'] as const;

/** The check result of an upload or confirmation the submission checks refused (400 checks.*), else null. */
export function refusedCheck(e: unknown): CheckResult | null {
  if (!(e instanceof ApiError) || !(CHECK_REFUSAL_CODES as readonly string[]).includes(e.code)) return null;
  const d = e.details as Partial<CheckResult> | undefined;
  return d && typeof d === 'object' && Array.isArray(d.findings)
    ? ({
        outlines: [],
        pageCount: null,
        bodyPages: null,
        stage: 'submission',
        status: 'findings',
        ...d,
      } as CheckResult)
    : null;
}
