import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import {
  CONFLICT_OVERRIDE_MESSAGES,
  CONFLICT_OVERRIDE_REASON_MAX,
  type CandidateReviewerDto,
} from '@symposium/domain';
import { ConferenceTime, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { useOverrideConflict, useRemoveConflictOverride } from './api/mutations';
import { useRolePrefix } from '../../hooks/use-role-prefix';

/**
 * Beside a conflicted reviewer–paper pair: the chair's override with its reason (who, when), and for
 * chairs (not track chairs) the actions to override the conflict with a reason or to remove the override.
 */
export function ConflictOverride({ paper, candidate }: { paper: number; candidate: CandidateReviewerDto }) {
  const isChair = useRolePrefix() === 'chair';
  const notify = useNotify();
  const override = useOverrideConflict();
  const remove = useRemoveConflictOverride();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const o = candidate.conflictOverride;
  const name = `${candidate.firstName} ${candidate.lastName}`;

  if (o)
    return (
      <Box data-testid={`override-${paper}-${candidate._id}`} sx={{ mt: 0.5 }}>
        <Typography variant="body2" color="warning.main">
          Conflict overridden: {o.reason} (by {o.by ?? 'a former chair'},{' '}
          <ConferenceTime value={o.at} dateOnly />)
        </Typography>
        {isChair && (
          <Button
            size="small"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                { paper, reviewer: candidate._id },
                {
                  onSuccess: (r) => notify(r.message, 'success'),
                  onError: (e) => notify(errorMessage(e), 'error'),
                },
              )
            }
          >
            Remove override
          </Button>
        )}
      </Box>
    );
  if (!isChair || candidate.conflicts.length === 0) return null;
  const submit = () => {
    if (!reason.trim()) {
      setError(CONFLICT_OVERRIDE_MESSAGES.reasonRequired);
      return;
    }
    override.mutate(
      { paper, reviewer: candidate._id, reason },
      {
        onSuccess: (r) => {
          notify(r.message, 'success');
          setOpen(false);
          setReason('');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={`Override conflict of ${name} with paper ${paper}`}
      >
        Override conflict
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Override the conflict of interest</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {name} will become assignable to paper {paper} despite the conflicts detected. The reason is
            recorded with your name and shown beside the assignment.
          </Typography>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error || ' '}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: CONFLICT_OVERRIDE_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={submit} disabled={override.isPending}>
            Override
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
