/** Business constants of spec §9. */
export const MAX_REVIEWS_PER_PAPER = 3;
export const MAX_REVIEWS_PER_REVIEWER = 10;
export const PAGE_SIZE = 100;
export const DEFAULT_LIST_LENGTH = 1000;
export const ABSTRACT_DEFAULT_MAX = 5000;
export const ABSTRACT_MIN = 50;
export const TITLE_MAX = 150;
export const DEFAULT_FILE_SIZE_LIMIT_MB = 40;
export const GENERATED_PASSWORD_LENGTH = 10;
export const PASSWORD_MIN_LENGTH = 8;
export const DEFAULT_STATUS_TEXT = 'Awaiting Decision';
export const PASSWORD_RESET_TTL_MINUTES = 60;
