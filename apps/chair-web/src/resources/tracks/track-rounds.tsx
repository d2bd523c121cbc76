import { Button, Paper, Stack, TableCell, TextField, Typography } from '@mui/material';
import {
  formatConferenceTime,
  ROUND_MESSAGES,
  viewerTimeZone,
  type ResponseLimitUnit,
  type ReviewRoundDto,
  type ReviewRoundInput,
} from '@symposium/domain';
import { errorMessage, useNotify, useSession } from '@symposium/ui';
import { useState } from 'react';
import { DeadlineField } from '../../components/deadline-field';
import { FormDialog } from '../../components/form-dialog';
import { ListWithDialogs, useListDialogs } from '../../components/list-with-dialogs';
import { SelectField } from '../../components/select-field';
import { useCreateRound, useDeleteRound, useUpdateRound } from '../reviews/api/mutations';
import { useRounds } from '../reviews/api/queries';

/**
 * The "Review rounds" section of the track screen: R1 and the rounds a chair adds (R2 …), each with its
 * review due date, author-response window (conference time zone) and response length limit.
 */
export function TrackRounds({ trackId }: { trackId: number }) {
  const rounds = useRounds(trackId);
  const remove = useDeleteRound();
  const dialogs = useListDialogs<ReviewRoundDto>();
  const zone = useSession().conference?.timeZone || 'UTC';
  const when = (iso: string | null) => (iso ? formatConferenceTime(iso, zone, viewerTimeZone()) : '—');
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="review-rounds-title">
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2" id="review-rounds-title">
          Review rounds
        </Typography>
        <Button variant="outlined" onClick={dialogs.add}>
          Add round
        </Button>
      </Stack>
      <ListWithDialogs
        items={rounds}
        dialogs={dialogs}
        label="Review rounds"
        columns={['Round', 'Review due', 'Response window', 'Response limit', 'Requests']}
        rowTestId={(r) => `round-${r.number}`}
        name={(r) => r.name}
        cells={(r) => (
          <>
            <TableCell>{r.name}</TableCell>
            <TableCell>{when(r.reviewDueAt)}</TableCell>
            <TableCell>
              {r.responseOpensAt ? `${when(r.responseOpensAt)} – ${when(r.responseClosesAt)}` : '—'}
            </TableCell>
            <TableCell>
              {r.responseLimit === null ? 'No response' : `${r.responseLimit} ${r.responseLimitUnit}`}
            </TableCell>
            <TableCell>{r.requests}</TableCell>
          </>
        )}
        form={(round, close) => <RoundDialog trackId={trackId} round={round} onClose={close} />}
        deletion={{
          title: 'Delete this review round?',
          text: (r) => <Typography>The round “{r.name}” will be removed from this track.</Typography>,
          mutation: remove,
          variables: (r) => ({ trackId, number: r.number }),
          done: ROUND_MESSAGES.deleted,
          errorTestId: 'round-error',
        }}
      />
    </Paper>
  );
}

function RoundDialog({
  trackId,
  round,
  onClose,
}: {
  trackId: number;
  round: ReviewRoundDto | null;
  onClose: () => void;
}) {
  const create = useCreateRound();
  const update = useUpdateRound();
  const notify = useNotify();
  const [name, setName] = useState(round?.name ?? '');
  const [reviewDueAt, setReviewDueAt] = useState(round?.reviewDueAt ?? null);
  const [opensAt, setOpensAt] = useState(round?.responseOpensAt ?? null);
  const [closesAt, setClosesAt] = useState(round?.responseClosesAt ?? null);
  const [limit, setLimit] = useState(
    round?.responseLimit === null || !round ? '' : String(round.responseLimit),
  );
  const [unit, setUnit] = useState<ResponseLimitUnit>(round?.responseLimitUnit ?? 'words');
  const [error, setError] = useState('');
  const busy = create.isPending || update.isPending;
  const submit = () => {
    if (!name.trim()) return setError(ROUND_MESSAGES.nameRequired);
    const n = limit.trim() === '' ? null : Number(limit);
    if (n !== null && !(Number.isInteger(n) && n >= 1)) return setError(ROUND_MESSAGES.limitPositive);
    if (opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt))
      return setError(ROUND_MESSAGES.windowOrder);
    setError('');
    const body: ReviewRoundInput = {
      name: name.trim(),
      reviewDueAt,
      responseOpensAt: opensAt,
      responseClosesAt: closesAt,
      responseLimit: n,
      responseLimitUnit: unit,
    };
    const options = {
      onSuccess: () => {
        notify(round ? ROUND_MESSAGES.updated : ROUND_MESSAGES.created);
        onClose();
      },
      onError: (err: Error) => setError(errorMessage(err, 'The round could not be saved')),
    };
    if (round) update.mutate({ trackId, number: round.number, body }, options);
    else create.mutate({ trackId, body }, options);
  };
  return (
    <FormDialog
      titleId="round-dialog-title"
      title={round ? `Edit ${round.name}` : 'Add review round'}
      busy={busy}
      saveLabel="Save round"
      onSubmit={submit}
      onClose={onClose}
    >
      {error ? (
        <Typography role="alert" color="error" data-testid="round-form-error">
          {error}
        </Typography>
      ) : null}
      <TextField
        label="Round name"
        name="roundName"
        autoFocus
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <DeadlineField label="Review due" name="reviewDueAt" value={reviewDueAt} onChange={setReviewDueAt} />
      <DeadlineField label="Response opens" name="responseOpensAt" value={opensAt} onChange={setOpensAt} />
      <DeadlineField
        label="Response closes"
        name="responseClosesAt"
        value={closesAt}
        onChange={setClosesAt}
      />
      <TextField
        label="Response limit"
        name="responseLimit"
        type="number"
        value={limit}
        helperText="Empty: no author response in this round"
        onChange={(e) => setLimit(e.target.value)}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <SelectField
        label="Limit unit"
        name="responseLimitUnit"
        value={unit}
        options={[
          { value: 'words', label: 'words' },
          { value: 'characters', label: 'characters' },
        ]}
        onChange={(e) => setUnit(e.target.value as ResponseLimitUnit)}
      />
    </FormDialog>
  );
}
