import { Paper, Typography } from '@mui/material';
import { FileChecksView } from '@symposium/ui';
import { usePaperChecks } from '../api/checks';

/**
 * The stored checks of a paper's PDFs (GET /api/author/papers/:paperId/checks), on its view page: what each
 * file was found to break, with the thumbnails, and which findings the chairs accepted. Nothing while no PDF
 * of the paper was checked (or the checks cannot be read).
 */
export function PaperChecks({ paperId }: { paperId: number }) {
  const checks = usePaperChecks(paperId);
  if (!checks.data?.length) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="paper-checks-title"
      data-testid="paper-checks"
    >
      <Typography variant="h6" component="h2" id="paper-checks-title" gutterBottom>
        Submission checks
      </Typography>
      <FileChecksView checks={checks.data} headingLevel="h3" />
    </Paper>
  );
}
