import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import {
  applyRoleChange,
  USER_MESSAGES,
  type RoleSelector,
  type TrackDto,
  type UserDto,
  type UserRoles,
} from '@symposium/domain';
import { errorMessage, useNotify } from '@symposium/ui';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { RoleChips, UserSummary } from './user-summary';
import { useTracks } from '../tracks/api/queries';
import { useUpdateUser } from './api/mutations';
import { useUser } from './api/queries';

/** Route values of the role selector (x) and the action (y). */
const SELECTORS: Record<string, RoleSelector> = {
  chairs: 'Chairs',
  trackchairs: 'Track Chairs',
  reviewers: 'Reviewers',
};
const ACTIONS: Record<string, 'Add' | 'Remove'> = { add: 'Add', remove: 'Remove' };

/** §6: which roles count as having each selection. */
const GRANTED: Record<RoleSelector, (r: UserRoles) => boolean> = {
  Chairs: (r) => r.chair.is || r.admin.is,
  'Track Chairs': (r) => r.coChair.is || r.chair.is || r.admin.is,
  Reviewers: (r) => r.reviewer.is || r.admin.is,
};
const GRANT_NOTE: Record<RoleSelector, string> = {
  Chairs: 'chair or admin',
  'Track Chairs': 'track chair, chair or admin',
  Reviewers: 'reviewer or admin',
};

export const SELECT_TRACK_MESSAGE = 'Please select one track at least';
/** How long the toast stays visible before the page reloads (§4: after saving, the page reloads). */
const RELOAD_DELAY_MS = 1500;
/** §6: the role selector's initial selection is applied after one second. */
const INITIAL_SELECTION_DELAY_MS = 1000;

/** /ManageRoles/{userId}/{x}/{y}: add or remove the chair role, or track chair / reviewer tracks. */
export function ManageRoles() {
  const { userId, x = '', y = '' } = useParams();
  const user = useUser(Number(userId));
  const tracks = useTracks();
  return (
    <>
      <PageTitle title="Manage roles" />
      <QueryView query={user}>
        {(data) => (
          <QueryView query={tracks}>
            {(trackList) => (
              <RolesForm
                key={data._id}
                user={data}
                tracks={trackList}
                initialSelector={SELECTORS[x.toLowerCase()] ?? null}
                initialAction={ACTIONS[y.toLowerCase()] ?? 'Add'}
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}

function RolesForm({
  user,
  tracks,
  initialSelector,
  initialAction,
}: {
  user: UserDto;
  tracks: TrackDto[];
  initialSelector: RoleSelector | null;
  initialAction: 'Add' | 'Remove';
}) {
  const notify = useNotify();
  const update = useUpdateUser();
  const [selector, setSelector] = useState<RoleSelector | ''>('');
  const [action, setAction] = useState<'Add' | 'Remove'>(initialAction);
  const [picked, setPicked] = useState<number[]>([]);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!initialSelector) return;
    const timer = setTimeout(() => setSelector((s) => s || initialSelector), INITIAL_SELECTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [initialSelector]);

  const trackRole =
    selector === 'Track Chairs' ? user.roles.coChair : selector === 'Reviewers' ? user.roles.reviewer : null;
  const current = trackRole?.tracks ?? [];
  // Removing only makes sense for the role's present tracks; adding ignores them (§4).
  const choices = action === 'Remove' ? tracks.filter((t) => current.includes(t._id)) : tracks;
  const next = selector ? applyRoleChange(user.roles, selector, action, picked) : null;

  const save = () => {
    setError('');
    if (!selector || !next) return;
    if (trackRole && picked.length === 0) return setError(SELECT_TRACK_MESSAGE);
    update.mutate(
      { id: user._id, body: { roles: next } },
      {
        onSuccess: () => {
          setSaved(true);
          notify(USER_MESSAGES.rolesUpdated);
          setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
        },
        onError: (err) => {
          const message = errorMessage(err);
          setError(message);
          notify(message, 'error');
        },
      },
    );
  };

  return (
    <>
      <UserSummary user={user} tracks={tracks} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Current roles
        </Typography>
        <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap" data-testid="role-grants">
          {(Object.keys(GRANTED) as RoleSelector[]).map((s) => (
            <Typography key={s} variant="body2">
              {s}: <strong>{GRANTED[s](user.roles) ? 'yes' : 'no'}</strong>{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                ({GRANT_NOTE[s]})
              </Typography>
            </Typography>
          ))}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormControl>
              <FormLabel id="role-selector-label">Role</FormLabel>
              <RadioGroup
                aria-labelledby="role-selector-label"
                name="selector"
                value={selector}
                onChange={(e) => {
                  setSelector(e.target.value as RoleSelector);
                  setPicked([]);
                  setError('');
                }}
              >
                {(Object.values(SELECTORS) as RoleSelector[]).map((s) => (
                  <FormControlLabel key={s} value={s} control={<Radio />} label={s} />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl sx={{ mt: 2, display: 'block' }}>
              <FormLabel id="role-action-label">Action</FormLabel>
              <RadioGroup
                row
                aria-labelledby="role-action-label"
                name="action"
                value={action}
                onChange={(e) => {
                  setAction(e.target.value as 'Add' | 'Remove');
                  setPicked([]);
                  setError('');
                }}
              >
                <FormControlLabel value="Add" control={<Radio />} label="Add" />
                <FormControlLabel value="Remove" control={<Radio />} label="Remove" />
              </RadioGroup>
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            {!selector ? (
              <Typography color="text.secondary">Choose a role.</Typography>
            ) : !trackRole ? (
              <Typography>
                {action === 'Add'
                  ? `${user.firstName} ${user.lastName} will be a chair.`
                  : `${user.firstName} ${user.lastName} will no longer be a chair.`}
              </Typography>
            ) : (
              <FormControl error={Boolean(error)} component="fieldset">
                <FormLabel component="legend">Tracks</FormLabel>
                {choices.length === 0 ? (
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {action === 'Remove' ? `This user has no ${selector} tracks.` : 'There are no tracks.'}
                  </Typography>
                ) : (
                  <FormGroup data-testid="track-choices">
                    {choices.map((t) => {
                      const present = action === 'Add' && current.includes(t._id);
                      return (
                        <FormControlLabel
                          key={t._id}
                          label={present ? `${t.name} (already)` : t.name}
                          control={
                            <Checkbox
                              checked={present || picked.includes(t._id)}
                              disabled={present}
                              onChange={(e) =>
                                setPicked(
                                  e.target.checked ? [...picked, t._id] : picked.filter((id) => id !== t._id),
                                )
                              }
                            />
                          }
                        />
                      );
                    })}
                  </FormGroup>
                )}
              </FormControl>
            )}
          </Grid>
        </Grid>
      </Paper>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {next ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle2" gutterBottom>
            Roles after saving
          </Typography>
          <FormHelperText sx={{ mb: 1 }}>
            A track role is kept exactly while it has at least one track.
          </FormHelperText>
          <RoleChips roles={next} tracks={tracks} />
        </Paper>
      ) : null}
      <Button onClick={save} disabled={!selector || update.isPending || saved}>
        Save roles
      </Button>
    </>
  );
}
