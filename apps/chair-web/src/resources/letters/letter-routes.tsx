import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';
import { GenerateInvoiceOrReceipt } from './generate-invoice';
import { GenerateLetter } from './generate-letter';
import { IssueDocuments } from './issue-documents';
import { LetterSettings } from './letter-settings';
import { LetterTemplates } from './letter-templates';
import { EditPaperDownloadLetter } from './paper-download-letter';

/** Letters, invoices and receipts of one paper and the bulk issue: chairs and track chairs (their tracks). */
export const trackChairLetterRoutes: ReactNode[] = [
  <Route
    key="paper-letters"
    path={paths.editPaperDownloadLetter.pattern}
    element={<EditPaperDownloadLetter />}
  />,
  <Route key="generate-letter" path={paths.generateLetter.pattern} element={<GenerateLetter />} />,
  <Route
    key="generate-billing"
    path={paths.generateInvoiceOrReceipt.pattern}
    element={<GenerateInvoiceOrReceipt />}
  />,
  <Route key="issue-documents" path={paths.issueDocuments.pattern} element={<IssueDocuments />} />,
];

/** Templates and settings are the chair's. */
export const chairLetterRoutes: ReactNode[] = [
  ...trackChairLetterRoutes,
  <Route key="letter-templates" path={paths.letterTemplates} element={<LetterTemplates />} />,
  <Route key="letter-settings" path={paths.letterSettings} element={<LetterSettings />} />,
];
