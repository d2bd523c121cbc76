import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { paths } from '../../config/paths';

/* Each screen is its own chunk, fetched when its route first renders (Suspense in app.tsx). */
const GenerateInvoiceOrReceipt = lazy(() =>
  import('./generate-invoice').then((m) => ({ default: m.GenerateInvoiceOrReceipt })),
);
const GenerateLetter = lazy(() => import('./generate-letter').then((m) => ({ default: m.GenerateLetter })));
const IssueDocuments = lazy(() => import('./issue-documents').then((m) => ({ default: m.IssueDocuments })));
const LetterSettings = lazy(() => import('./letter-settings').then((m) => ({ default: m.LetterSettings })));
const LetterTemplates = lazy(() =>
  import('./letter-templates').then((m) => ({ default: m.LetterTemplates })),
);
const EditPaperDownloadLetter = lazy(() =>
  import('./paper-download-letter').then((m) => ({ default: m.EditPaperDownloadLetter })),
);

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
