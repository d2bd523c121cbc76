import { Chip, Paper, Stack, Typography } from '@mui/material';
import type { TrackDto, UserDto, UserRoles } from '@symposium/domain';

const trackNames = (ids: number[], tracks?: TrackDto[]) =>
  ids.map((id) => tracks?.find((t) => t._id === id)?.name ?? `Track ${id}`).join(', ');

/** The roles of a user as short labels (track roles with their tracks when known). */
export function roleLabels(roles: UserRoles, tracks?: TrackDto[]): string[] {
  const out: string[] = [];
  if (roles.admin.is) out.push('Admin');
  if (roles.chair.is) out.push('Chair');
  if (roles.coChair.is)
    out.push(tracks ? `Track chair (${trackNames(roles.coChair.tracks, tracks)})` : 'Track chair');
  if (roles.reviewer.is)
    out.push(tracks ? `Reviewer (${trackNames(roles.reviewer.tracks, tracks)})` : 'Reviewer');
  if (roles.sessionChair.sessions.length) out.push('Session chair');
  return out;
}

export function RoleChips({ roles, tracks }: { roles: UserRoles; tracks?: TrackDto[] }) {
  const labels = roleLabels(roles, tracks);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" data-testid="user-roles">
      {labels.length === 0 ? <Chip size="small" variant="outlined" label="Author" /> : null}
      {labels.map((l) => (
        <Chip key={l} size="small" label={l} />
      ))}
    </Stack>
  );
}

/** Who the screen is about: name, e-mail, organization, roles, lock and conference view. */
export function UserSummary({ user, tracks }: { user: UserDto; tracks?: TrackDto[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="user-summary">
      <Typography variant="h6" component="h2">
        {user.firstName} {user.lastName}
      </Typography>
      <Typography color="text.secondary">
        {user.email}
        {user.organization ? ` · ${user.organization}` : ''}
        {user.country ? ` · ${user.country}` : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }} alignItems="center" useFlexGap flexWrap="wrap">
        <RoleChips roles={user.roles} tracks={tracks} />
        {user.lock.status ? <Chip size="small" color="error" label="Locked" /> : null}
        {user.isRegistered ? <Chip size="small" color="success" label="Conference view enabled" /> : null}
      </Stack>
    </Paper>
  );
}
