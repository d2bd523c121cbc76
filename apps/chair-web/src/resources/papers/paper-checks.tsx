import { Button, Paper, Typography } from '@mui/material';
import { CHECK_MESSAGES, type FileCheckDto, type StoredFindingDto } from '@symposium/domain';
import { errorMessage, FileChecksView, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { PaperScreen } from '../../components/paper-screen';
import { QueryView } from '../../components/query-view';
import { ReasonDialog } from '../../components/reason-dialog';
import { useAcceptFinding } from '../checks/api/mutations';
import { usePaperChecks } from '../checks/api/queries';

/** The finding a chair is accepting: of which file. */
interface Accepting {
  file: FileCheckDto;
  finding: StoredFindingDto;
}

/** Asks for the reason, accepts the finding, shows the server's message; the panel shows the answer's checks. */
function AcceptDialog({ paperId, item, onClose }: { paperId: number; item: Accepting; onClose: () => void }) {
  const accept = useAcceptFinding();
  const notify = useNotify();
  const [error, setError] = useState('');
  return (
    <ReasonDialog
      titleId="accept-finding-title"
      title="Accept this finding?"
      saveLabel="Accept finding"
      requiredMessage={CHECK_MESSAGES.acceptReasonRequired}
      busy={accept.isPending}
      error={error}
      onClose={onClose}
      onSave={(reason) =>
        accept.mutate(
          { paperId, fileId: item.file.fileId, code: item.finding.code, reason },
          {
            onSuccess: (r) => {
              notify(r.message);
              onClose();
            },
            onError: (e) => setError(errorMessage(e, 'The finding could not be accepted')),
          },
        )
      }
    >
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {item.file.fileName}: {item.finding.message}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        An accepted finding no longer blocks the paper and is not counted as a problem.
      </Typography>
    </ReasonDialog>
  );
}

/**
 * The "Checks" panel of a paper (issue 26): the stored findings of each checked PDF with their thumbnails, and
 * "Accept…" on each open finding (a reason is required).
 */
export function PaperChecksPanel({ paperId }: { paperId: number }) {
  const checks = usePaperChecks(paperId);
  const [accepting, setAccepting] = useState<Accepting | null>(null);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="section"
      aria-labelledby="paper-checks-title"
      data-testid="paper-checks"
    >
      <Typography variant="h6" component="h2" id="paper-checks-title" gutterBottom>
        Checks
      </Typography>
      <QueryView query={checks}>
        {(list) => (
          <FileChecksView
            checks={list}
            action={(file, finding) =>
              finding.accepted ? null : (
                <Button
                  size="small"
                  variant="outlined"
                  aria-label={`Accept… ${finding.message} (${file.fileName})`}
                  onClick={() => setAccepting({ file, finding })}
                >
                  Accept…
                </Button>
              )
            }
          />
        )}
      </QueryView>
      {accepting ? (
        <AcceptDialog paperId={paperId} item={accepting} onClose={() => setAccepting(null)} />
      ) : null}
    </Paper>
  );
}

/** /PaperChecks/{paperId}: the paper (title, authors, track) and its Checks panel. */
export function PaperChecks() {
  return (
    <PaperScreen title="Paper checks">{(paper) => <PaperChecksPanel paperId={paper._id} />}</PaperScreen>
  );
}
