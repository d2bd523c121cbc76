import type { ActivityAction } from '@symposium/domain';

/** What the report shows for each action of the log (the filter offers them in this order). */
export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  'paper.submit': 'Paper submitted',
  'paper.edit': 'Paper edited',
  'paper.withdraw': 'Paper withdrawn',
  'paper.delete': 'Paper deleted',
  'paper.cameraReady': 'Camera-ready submitted',
  'paper.presentationReady': 'Presentation-ready submitted',
  'paper.consent': 'Consent form signed',
  'paper.decision': 'Decision',
  'paper.bulkEdit': 'Papers edited in bulk',
  'paper.registration': 'Registration edited',
  'review.assign': 'Reviewer assigned',
  'review.unassign': 'Reviewer unassigned',
  'review.reply': 'Review request answered',
  'review.submit': 'Review submitted',
  'response.submit': 'Author response submitted',
  'review.onBehalf': 'Review submitted on behalf of a user',
  'import.reviewers': 'Reviewers imported',
  'import.reviews': 'Reviews imported',
  'import.registrations': 'Registrations imported',
  'mail.send': 'E-mail sent',
  'mail.resend': 'E-mail resent',
  'impersonation.start': 'Impersonation started',
  'impersonation.stop': 'Impersonation stopped',
  'user.delete': 'User deleted',
  'user.roles': 'Roles changed',
  'user.lock': 'User locked or unlocked',
  'user.passwordReset': 'Password reset',
  'programme.publish': 'Programme published',
  'reminder.run': 'Reminders sent',
  'document.issued': 'Letter or receipt issued',
  'document.revoked': 'Document revoked',
  'document.credited': 'Credit note issued',
  'report.generate': 'Report generated',
  'checks.settings': 'Submission checks changed',
  'checks.accept': 'Check finding accepted',
  'checks.dismiss': 'Duplicate pair dismissed',
};

/** The label of an action, or the action's own name for one the report does not know. */
export const actionLabel = (action: string): string =>
  ACTIVITY_ACTION_LABELS[action as ActivityAction] ?? action;
