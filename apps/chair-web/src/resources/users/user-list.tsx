import {
  Button,
  Chip,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import {
  PAGE_SIZE,
  USER_MESSAGES,
  type UserDto,
  type UserFilter,
  type UserFilterField,
} from '@symposium/domain';
import { ConferenceTime, ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type DataColumn } from '../../components/data-table';
import { QueryTable } from '../../components/query-table';
import { PageTitle } from '../../components/page-title';
import { SearchBox } from '../../components/search-box';
import { paths } from '../../config/paths';
import { encodeSendFilter } from '../../components/mail-selection';
import { impersonationError } from './user-impersonate';
import { UserFilterBuilder } from './user-filter-builder';
import { RoleChips } from './user-summary';
import { exportUsers, impersonate, useSetRegistered, useUpdateUser } from './api/mutations';
import { useTracks } from '../tracks/api/queries';
import { useUserPage, type UserSort } from './api/queries';

const COLUMNS: DataColumn<UserFilterField>[] = [
  { field: '_id', label: 'ID' },
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'email', label: 'Email' },
  { field: 'organization', label: 'Organization' },
  { field: 'country', label: 'Country' },
  { label: 'Roles' },
  { field: 'isRegistered', label: 'Conference view' },
  { field: 'lock.status', label: 'Locked' },
  { field: 'createdAt', label: 'Created' },
  { label: 'Actions' },
];

/** /ViewUsers: the §5 user query on the server — filters, search, sorting by column, pages of 100, export. */
export function UserList() {
  const notify = useNotify();
  const tracks = useTracks();
  const [filters, setFilters] = useState<UserFilter[]>([]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort | undefined>(undefined);
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const users = useUserPage({ filters, search, sort, cp: page + 1 });

  const onExport = async () => {
    setExporting(true);
    try {
      await exportUsers({ filters, search, sort });
    } catch (err) {
      notify(errorMessage(err, 'The users could not be exported'), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageTitle
        title="Users"
        actions={
          <>
            <Button component={Link} to={paths.registerUser}>
              Register user
            </Button>
            <Button variant="outlined" disabled={exporting} onClick={() => void onExport()}>
              Export xlsx
            </Button>
            <Button
              variant="outlined"
              component={Link}
              to={paths.sendEmailSelection(encodeSendFilter({ filters }), 'users')}
              disabled={Boolean(search)}
              title={search ? 'Clear the search first: an e-mail goes to the filtered users' : undefined}
            >
              E-mail these users
            </Button>
          </>
        }
      />
      <UserFilterBuilder
        tracks={tracks.data ?? []}
        onApply={(f) => {
          setFilters(f);
          setPage(0);
        }}
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <SearchBox
          label="Search by email or name"
          search={search}
          onSearch={(s) => {
            setSearch(s);
            setPage(0);
          }}
        />
      </Paper>
      <QueryTable
        label="Users"
        columns={COLUMNS}
        query={users}
        noun="user"
        countTestId="user-count"
        bodyTestId="user-rows"
        emptyText="No users match."
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(0);
        }}
        paging={{ page, pageSize: PAGE_SIZE, onPageChange: setPage }}
        renderRow={(u) => <UserRow key={u._id} user={u} />}
      />
    </>
  );
}

function UserRow({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const update = useUpdateUser();
  const register = useSetRegistered();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmImpersonate, setConfirmImpersonate] = useState(false);
  const [confirmAction, setConfirmAction] = useState<'lock' | 'register' | null>(null);
  const [impersonating, setImpersonating] = useState(false);
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    void navigate(to);
  };
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <TableRow hover data-testid={`user-${user._id}`}>
      <TableCell>{user._id}</TableCell>
      <TableCell>{user.firstName}</TableCell>
      <TableCell>{user.lastName}</TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>{user.organization}</TableCell>
      <TableCell>{user.country}</TableCell>
      <TableCell>
        <RoleChips roles={user.roles} />
      </TableCell>
      <TableCell>{user.isRegistered ? 'Enabled' : 'Disabled'}</TableCell>
      <TableCell>{user.lock.status ? <Chip size="small" color="error" label="Locked" /> : 'No'}</TableCell>
      <TableCell>
        <ConferenceTime value={user.createdAt} dateOnly />
      </TableCell>
      <TableCell>
        <Button
          size="small"
          variant="outlined"
          aria-haspopup="menu"
          aria-label={`Actions for ${user.email}`}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          Actions
        </Button>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          <MenuItem onClick={() => go(paths.editContactInformation(user._id))}>
            <ListItemText>Edit contact information</ListItemText>
          </MenuItem>
          <MenuItem onClick={() => go(paths.manageRoles(user._id, 'reviewers', 'add'))}>
            <ListItemText>Manage roles</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              setConfirmAction('lock');
            }}
          >
            <ListItemText>{user.lock.status ? 'Unlock' : 'Lock'}</ListItemText>
          </MenuItem>
          <MenuItem onClick={() => go(paths.resetUserPassword(user.email))}>
            <ListItemText>Reset password</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              setConfirmAction('register');
            }}
          >
            <ListItemText>
              {user.isRegistered ? 'Disable conference view' : 'Enable conference view'}
            </ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              setConfirmImpersonate(true);
            }}
          >
            <ListItemText>Impersonate</ListItemText>
          </MenuItem>
          <MenuItem onClick={() => go(paths.confirmationDeleteUser(user._id))} sx={{ color: 'error.main' }}>
            <ListItemText>Delete</ListItemText>
          </MenuItem>
        </Menu>
        <ConfirmDialog
          open={confirmImpersonate}
          title={`Impersonate ${name}?`}
          confirmLabel="Impersonate"
          busy={impersonating}
          onCancel={() => setConfirmImpersonate(false)}
          onConfirm={() => {
            setImpersonating(true);
            impersonate(user.email).catch((err: unknown) => {
              notify(impersonationError(err), 'error');
              setImpersonating(false);
              setConfirmImpersonate(false);
            });
          }}
        >
          <Typography>You will see the author app as {user.email} until you stop impersonating.</Typography>
        </ConfirmDialog>
        <ConfirmDialog
          open={confirmAction === 'lock'}
          title={`${user.lock.status ? 'Unlock' : 'Lock'} ${name}?`}
          confirmLabel={user.lock.status ? 'Unlock' : 'Lock'}
          busy={update.isPending}
          onCancel={() => setConfirmAction(null)}
          onConfirm={() =>
            update.mutate(
              { id: user._id, body: { lock: { status: !user.lock.status } } },
              {
                onSuccess: () => notify(USER_MESSAGES.lockChanged),
                onError: () => notify(USER_MESSAGES.lockFailed, 'error'),
                onSettled: () => setConfirmAction(null),
              },
            )
          }
        >
          <Typography>
            {user.lock.status
              ? `${user.email} will be able to sign in again.`
              : `${user.email} will be signed out everywhere and cannot sign in until unlocked.`}
          </Typography>
        </ConfirmDialog>
        <ConfirmDialog
          open={confirmAction === 'register'}
          title={`${user.isRegistered ? 'Disable' : 'Enable'} the conference view of ${name}?`}
          confirmLabel={user.isRegistered ? 'Disable' : 'Enable'}
          busy={register.isPending}
          onCancel={() => setConfirmAction(null)}
          onConfirm={() =>
            register.mutate(
              { email: user.email, status: !user.isRegistered },
              {
                onSuccess: (res) =>
                  notify(
                    res?.message ??
                      (user.isRegistered
                        ? USER_MESSAGES.conferenceViewDisabled
                        : USER_MESSAGES.conferenceViewEnabled),
                  ),
                onError: () => notify(USER_MESSAGES.impersonateFailed, 'error'),
                onSettled: () => setConfirmAction(null),
              },
            )
          }
        >
          <Typography>
            {user.isRegistered
              ? `${user.email} will no longer see the registered papers of the conference.`
              : `${user.email} will see the registered papers of the conference (as a registered participant).`}
          </Typography>
        </ConfirmDialog>
      </TableCell>
    </TableRow>
  );
}
