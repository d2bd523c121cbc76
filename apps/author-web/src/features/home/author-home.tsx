import {
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Link as MuiLink,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { CONFERENCE_MESSAGES, type ConferenceDto } from '@symposium/domain';
import { useDocumentTitle, useNotify, useSession } from '@symposium/ui';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { MyPapers } from '../papers/my-papers';
import { useUpdateNotify } from './api/update-notify';

function Detail({ label, value }: { label: string; value: string }) {
  if (!value.trim()) return null;
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {value}
      </Typography>
    </Box>
  );
}

function ConferenceDetails({ conference }: { conference: ConferenceDto }) {
  const where = [conference.city, conference.country].filter((s) => s.trim()).join(', ');
  return (
    <Card>
      {conference.banner ? (
        <Box
          component="img"
          src={conference.banner}
          alt={`${conference.shortName} banner`}
          data-testid="conference-banner"
          sx={{ display: 'block', width: '100%', maxHeight: 240, objectFit: 'cover' }}
        />
      ) : null}
      <CardContent>
        <Typography variant="h5" component="h2">
          {conference.fullName}
        </Typography>
        {conference.shortName && conference.shortName !== conference.fullName ? (
          <Typography color="text.secondary">{conference.shortName}</Typography>
        ) : null}
        <Stack component="dl" spacing={1} sx={{ mt: 2, mb: 0 }}>
          <Detail label="Dates" value={conference.dates} />
          <Detail label="Place" value={where} />
          <Detail label="Address" value={conference.address} />
          <Detail label="Hotel" value={conference.hotel} />
          <Detail label="Support" value={conference.support} />
        </Stack>
        {/^https?:\/\//i.test(conference.externalURL.trim()) ? (
          <MuiLink
            href={conference.externalURL.trim()}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ mt: 2, display: 'inline-block' }}
          >
            Conference web site
          </MuiLink>
        ) : null}
      </CardContent>
    </Card>
  );
}

function NotifySwitch({ conferenceId, checked }: { conferenceId: number; checked: boolean }) {
  const notify = useNotify();
  const update = useUpdateNotify(conferenceId);
  const value = update.isPending && update.variables !== undefined ? update.variables : checked;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={value}
          disabled={update.isPending}
          onChange={(e) =>
            update.mutate(e.target.checked, {
              onError: () => notify(CONFERENCE_MESSAGES.notify, 'error'),
            })
          }
        />
      }
      label="E-mail me about the conference"
    />
  );
}

/** The author menu (every route without a screen of its own, spec §2). */
export function AuthorHome() {
  useDocumentTitle('Author menu');
  const { user, conference } = useSession();
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Welcome, {user.firstName}
      </Typography>
      {conference ? <ConferenceDetails conference={conference} /> : null}
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        <Button component={Link} to={paths.chooseTrack}>
          Submit a paper
        </Button>
        <Button component={Link} to={paths.conferenceTrackStatus} variant="outlined">
          Conference track status
        </Button>
      </Stack>
      {conference ? <NotifySwitch conferenceId={conference._id} checked={user.notify} /> : null}
      <MyPapers />
    </Stack>
  );
}
