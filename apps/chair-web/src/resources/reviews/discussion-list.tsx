import {
  FormControlLabel,
  Link as MuiLink,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DISCUSSION_SPREAD_DEFAULT } from '@symposium/domain';
import { useConferenceTimeText } from '@symposium/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { useDiscussions, type DiscussionListQuery } from './api/queries';
import { nativeSelect } from '../../components/select-field';
import { useRoleTracks } from '../tracks/api/queries';

/**
 * /ViewDiscussions: the papers of the caller's tracks with discussion activity or submitted reviews, most
 * recent comment first, with the caller's unread count and the spread of the final scores (disagreement when
 * it reaches the threshold, 2 by default).
 */
export function DiscussionList() {
  const [q, setQ] = useState<DiscussionListQuery>({});
  const list = useDiscussions(q);
  const tracks = useRoleTracks();
  const when = useConferenceTimeText();
  return (
    <>
      <PageTitle title="Discussion" />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }} flexWrap="wrap">
        <TextField
          select
          size="small"
          label="Track"
          value={q.track === undefined ? '' : String(q.track)}
          sx={{ minWidth: 240 }}
          slotProps={nativeSelect}
          onChange={(e) => setQ({ ...q, track: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">Every track</option>
          {(tracks.data ?? []).map((t) => (
            <option key={t._id} value={String(t._id)}>
              {t.name}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label="Disagreement threshold"
          value={q.threshold ?? DISCUSSION_SPREAD_DEFAULT}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isInteger(n) && n >= 0 && n <= 10) setQ({ ...q, threshold: n });
          }}
          slotProps={{ htmlInput: { min: 0, max: 10 } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={q.disagreement ?? false}
              onChange={(e) => setQ({ ...q, disagreement: e.target.checked || undefined })}
            />
          }
          label="Only disagreeing scores"
        />
      </Stack>
      <QueryView query={list}>
        {(page) =>
          page.data.length ? (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Discussions">
                <TableHead>
                  <TableRow>
                    <TableCell>Paper</TableCell>
                    <TableCell>Track</TableCell>
                    <TableCell>Last comment</TableCell>
                    <TableCell>Comments</TableCell>
                    <TableCell>Unread</TableCell>
                    <TableCell>Reviews</TableCell>
                    <TableCell>Score spread</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.data.map((r) => (
                    <TableRow key={r.paper} data-testid="discussion-row" data-paper={r.paper}>
                      <TableCell>
                        <MuiLink component={Link} to={paths.viewPaperReviews(r.paper)}>
                          #{r.paper} {r.title}
                        </MuiLink>
                      </TableCell>
                      <TableCell>{r.trackName}</TableCell>
                      <TableCell>{r.lastCommentAt ? when(r.lastCommentAt) : '–'}</TableCell>
                      <TableCell>{r.comments}</TableCell>
                      <TableCell data-testid="discussion-unread">{r.unread || '–'}</TableCell>
                      <TableCell>{r.reviews}</TableCell>
                      <TableCell>
                        {r.spread ?? '–'}
                        {r.disagreement ? ' (disagreement)' : ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Typography color="text.secondary">No paper has discussion or submitted reviews yet.</Typography>
          )
        }
      </QueryView>
    </>
  );
}
