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
import { useAuthorDiscussion, useDiscussion, useDiscussionReviews, usePostComment } from '../api/discussion';

const VISIBILITY_LABELS: Record<DiscussionVisibility, string> = {
  reviewers: 'Reviewers and chairs',
  chairs: 'Chairs only',
  authors: 'Authors (with the released reviews)',
};

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
      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
        {c.text}
      </Typography>
    </Paper>
  );
}

/** The post form: the text (@mentions), the visibility, a character count. */
function PostForm({
  paperId,
  participants,
  canPostChairsOnly,
}: {
  paperId: number;
  participants: { mention: string; name: string }[];
  canPostChairsOnly: boolean;
}) {
  const [text, setText] = useState('');
  const [visibility, setVisibility] = useState<DiscussionVisibility>('reviewers');
  const postComment = usePostComment(paperId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    postComment.mutate({ text, visibility }, { onSuccess: () => setText('') });
  };
  const options = (Object.keys(VISIBILITY_LABELS) as DiscussionVisibility[]).filter(
    (v) => v !== 'chairs' || canPostChairsOnly,
  );
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={1.5}>
        {postComment.isError && <Alert severity="error">{errorMessage(postComment.error)}</Alert>}
        <TextField
          label="Comment"
          multiline
          minRows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: DISCUSSION_COMMENT_MAX, 'data-testid': 'comment-text' } }}
          helperText={`${text.length}/${DISCUSSION_COMMENT_MAX} · mention with ${
            participants.length ? participants.map((p) => `@${p.mention}`).join(', ') : '@Name'
          }`}
        />
        <Stack direction="row" spacing={1.5} alignItems="center">
          <FormControl size="small" sx={{ minWidth: 240 }}>
            <InputLabel id="comment-visibility-label">Visible to</InputLabel>
            <Select
              labelId="comment-visibility-label"
              label="Visible to"
              value={visibility}
              onChange={(e) => setVisibility(e.target.value as DiscussionVisibility)}
            >
              {options.map((v) => (
                <MenuItem key={v} value={v}>
                  {VISIBILITY_LABELS[v]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button type="submit" variant="contained" disabled={!text.trim() || postComment.isPending}>
            Post comment
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

const SCORE_LABELS = {
  quality: 'Quality',
  contribution: 'Contribution',
  originality: 'Originality',
  final: 'Final',
} as const;

/** Each submitted review of the paper; a revised one lists what changed in each version. */
export function ReviewHistory({ reviews }: { reviews: DiscussionReviewDto[] }) {
  const when = useConferenceTimeText();
  return (
    <Stack spacing={1} data-testid="review-history">
      {reviews.map((r) => (
        <Paper key={r._id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="subtitle2" component="h3">
              {r.mine ? `${r.reviewer} (your review)` : r.reviewer}
            </Typography>
            {r.revised && <Chip size="small" label="Revised" data-testid="revised" />}
          </Stack>
          {r.versions.map((v) => (
            <Box key={v.version} sx={{ mt: 0.5 }}>
              <Typography variant="body2">
                Version {v.version} · {when(v.createdAt)} · final {v.scores.final}, quality{' '}
                {v.scores.quality ?? '–'}, contribution {v.scores.contribution ?? '–'}, originality{' '}
                {v.scores.originality ?? '–'}
              </Typography>
              {v.changes && (
                <Typography variant="body2" color="text.secondary">
                  Changed:{' '}
                  {[
                    ...(Object.keys(SCORE_LABELS) as (keyof typeof SCORE_LABELS)[])
                      .filter((k) => v.changes![k].changed)
                      .map(
                        (k) => `${SCORE_LABELS[k]} ${v.changes![k].old ?? '–'} → ${v.changes![k].new ?? '–'}`,
                      ),
                    ...(v.changes.commentsAuthor.changed ? ['comments to the authors'] : []),
                    ...(v.changes.commentsChair?.changed ? ['comments to the chairs'] : []),
                  ].join(', ') || 'nothing'}
                </Typography>
              )}
            </Box>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The paper's discussion for one of its reviewers (/ViewPaperReview/{paperId}): the other reviews with their
 * history, the thread ("New" on comments since the last visit) and the post form. Before the reviewer
 * submitted their review the server answers 404 and the panel says when it opens.
 */
export function DiscussionPanel({ paperId }: { paperId: number }) {
  const thread = useDiscussion(paperId);
  const reviews = useDiscussionReviews(paperId, thread.isSuccess);
  return (
    <Stack spacing={2} component="section" aria-labelledby="discussion-heading">
      <Typography variant="h5" component="h2" id="discussion-heading">
        Discussion
      </Typography>
      {thread.isError ? (
        <Alert severity="info" data-testid="discussion-closed">
          The discussion opens once you have submitted your review.
        </Alert>
      ) : thread.data ? (
        <>
          {reviews.data && reviews.data.length > 0 && <ReviewHistory reviews={reviews.data} />}
          <Typography variant="body2" data-testid="unread-count">
            {thread.data.unread
              ? `${thread.data.unread} new comment${thread.data.unread === 1 ? '' : 's'}`
              : 'No new comments'}
          </Typography>
          <Stack spacing={1} data-testid="comments">
            {thread.data.comments.length ? (
              thread.data.comments.map((c) => <Comment key={c._id} c={c} />)
            ) : (
              <Typography color="text.secondary">No comments yet.</Typography>
            )}
          </Stack>
          <PostForm
            paperId={paperId}
            participants={thread.data.participants}
            canPostChairsOnly={thread.data.canPostChairsOnly}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** The comments to the authors, under the released reviews of an author's paper. */
export function AuthorDiscussion({ paperId }: { paperId: number }) {
  const comments = useAuthorDiscussion(paperId);
  const when = useConferenceTimeText();
  if (!comments.data?.length) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="author-discussion-heading">
      <Typography variant="h5" component="h2" id="author-discussion-heading">
        Comments from the programme committee
      </Typography>
      {comments.data.map((c) => (
        <Paper key={c._id} variant="outlined" sx={{ p: 1.5 }} data-testid="author-comment">
          <Typography variant="body2" color="text.secondary">
            {c.author} · {when(c.createdAt)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.text}</Typography>
        </Paper>
      ))}
    </Stack>
  );
}
