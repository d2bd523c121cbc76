import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DISCUSSION_COMMENT_MAX,
  type DiscussionCommentDto,
  type DiscussionReviewDto,
  type DiscussionVisibility,
} from '@symposium/domain';
import { errorMessage, useConferenceTimeText } from '@symposium/ui';
import { useState, type FormEvent } from 'react';
import { usePostDiscussionComment } from './api/mutations';
import { useDiscussion, useDiscussionReviews } from './api/queries';

const VISIBILITY_LABELS: Record<DiscussionVisibility, string> = {
  reviewers: 'Reviewers and chairs',
  chairs: 'Chairs only',
  authors: 'Authors (with the released reviews)',
};
const SCORES = {
  quality: 'Quality',
  contribution: 'Contribution',
  originality: 'Originality',
  final: 'Final',
} as const;

function Comment({ c }: { c: DiscussionCommentDto }) {
  const when = useConferenceTimeText();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="comment" data-unread={c.unread ? 'true' : 'false'}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
        <Typography variant="subtitle2" component="span">
          {c.mine ? `${c.author} (you)` : c.author}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">
          {when(c.createdAt)} · {VISIBILITY_LABELS[c.visibility]}
        </Typography>
        {c.unread && <Chip size="small" color="primary" label="New" data-testid="unread-marker" />}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{c.text}</Typography>
    </Paper>
  );
}

/** Versions of the submitted reviews: "Revised" and what changed in each version. */
function Revisions({ reviews }: { reviews: DiscussionReviewDto[] }) {
  const when = useConferenceTimeText();
  const revised = reviews.filter((r) => r.revised);
  if (!revised.length) return null;
  return (
    <Stack spacing={1} data-testid="review-history">
      {revised.map((r) => (
        <Paper key={r._id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="subtitle2" component="h3">
              {r.reviewer}
            </Typography>
            <Chip size="small" label="Revised" />
          </Stack>
          {r.versions
            .filter((v) => v.changes)
            .map((v) => (
              <Typography key={v.version} variant="body2">
                Version {v.version} ({when(v.createdAt)}):{' '}
                {[
                  ...(Object.keys(SCORES) as (keyof typeof SCORES)[])
                    .filter((k) => v.changes![k].changed)
                    .map((k) => `${SCORES[k]} ${v.changes![k].old ?? '–'} → ${v.changes![k].new ?? '–'}`),
                  ...(v.changes!.commentsAuthor.changed ? ['comments to the authors'] : []),
                  ...(v.changes!.commentsChair?.changed ? ['comments to the chairs'] : []),
                ].join(', ') || 'no change'}
              </Typography>
            ))}
        </Paper>
      ))}
    </Stack>
  );
}

function PostForm({ paperId, mentions }: { paperId: number; mentions: string[] }) {
  const [text, setText] = useState('');
  const [visibility, setVisibility] = useState<DiscussionVisibility>('reviewers');
  const post = usePostDiscussionComment(paperId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    post.mutate({ text, visibility }, { onSuccess: () => setText('') });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={1.5}>
        {post.isError && <Alert severity="error">{errorMessage(post.error)}</Alert>}
        <TextField
          label="Comment"
          multiline
          minRows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: DISCUSSION_COMMENT_MAX, 'data-testid': 'comment-text' } }}
          helperText={`${text.length}/${DISCUSSION_COMMENT_MAX} · mention with ${
            mentions.length ? mentions.map((m) => `@${m}`).join(', ') : '@Name'
          }`}
        />
        <Stack direction="row" spacing={1.5} alignItems="center">
          <FormControl size="small" sx={{ minWidth: 240 }}>
            <InputLabel id="discussion-visibility-label">Visible to</InputLabel>
            <Select
              labelId="discussion-visibility-label"
              label="Visible to"
              value={visibility}
              onChange={(e) => setVisibility(e.target.value as DiscussionVisibility)}
            >
              {(Object.keys(VISIBILITY_LABELS) as DiscussionVisibility[]).map((v) => (
                <MenuItem key={v} value={v}>
                  {VISIBILITY_LABELS[v]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" variant="contained" disabled={!text.trim() || post.isPending}>
            Post comment
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * The paper's discussion on /ViewPaperReviews/{id} (chairs; track chairs of its track): revised reviews with
 * what changed, the thread with "New" on comments since the last visit, and the post form. A chair with a
 * conflict of interest gets the server's 404 and sees nothing of it.
 */
export function PaperDiscussion({ paperId }: { paperId: number }) {
  const thread = useDiscussion(paperId);
  const reviews = useDiscussionReviews(paperId);
  if (thread.isError)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {errorMessage(thread.error)}
      </Alert>
    );
  if (!thread.data) return null;
  const d = thread.data;
  return (
    <Stack spacing={2} component="section" aria-labelledby="discussion-heading" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" id="discussion-heading">
        Discussion
      </Typography>
      {reviews.data && <Revisions reviews={reviews.data} />}
      <Typography variant="body2" data-testid="unread-count">
        {d.unread ? `${d.unread} new comment${d.unread === 1 ? '' : 's'}` : 'No new comments'}
      </Typography>
      <Stack spacing={1} data-testid="comments">
        {d.comments.length ? (
          d.comments.map((c) => <Comment key={c._id} c={c} />)
        ) : (
          <Typography color="text.secondary">No comments yet.</Typography>
        )}
      </Stack>
      <PostForm paperId={paperId} mentions={d.participants.map((p) => p.mention)} />
    </Stack>
  );
}
