import { badRequest } from './errors.js';
import { REQUEST_MESSAGES } from './request-limits.js';

/** The 'request.*' codes that modules raise (malformed bodies and queries): shared, so declared here. */
export const RequestErrors = {
  /** 400 'request.invalid' with the message of what is wrong in the body or query. */
  invalid: (message: string) => badRequest('request.invalid', message),
  nul: () => badRequest('request.nul', REQUEST_MESSAGES.nul),
} as const;
