import { Alert, Button, Stack } from '@mui/material';
import {
  PROGRAMME_MESSAGES,
  sessionName,
  type RoomDto,
  type SchedulablePaperDto,
  type SessionKind,
} from '@symposium/domain';
import { useNotify } from '@symposium/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { paths } from '../../config/paths';
import { ClashSummary } from './clash-list';
import { saveError } from './programme-labels';
import { useUpdateSession } from './api/mutations';
import { useRooms, useSession, type SessionDtoOf, type SessionInputOf } from './api/queries';

/**
 * Session `id` of `kind` and the rooms, loaded, for its edit form; `notFound` while `id` is no session
 * number. `header` shows above the form once the number is one.
 */
export function SessionQueries<K extends SessionKind>({
  kind,
  id,
  notFound,
  header,
  children,
}: {
  kind: K;
  id: number;
  notFound: ReactNode;
  header?: ReactNode;
  children: (session: SessionDtoOf[K], rooms: RoomDto[]) => ReactNode;
}) {
  const session = useSession(kind, Number.isNaN(id) ? null : id);
  const rooms = useRooms();
  if (Number.isNaN(id)) return notFound;
  return (
    <>
      {header}
      <QueryView query={session}>
        {(s) => <QueryView query={rooms}>{(roomList) => children(s, roomList)}</QueryView>}
      </QueryView>
    </>
  );
}

/** The edit page of a technical or poster session: its title, the clash summary and its link page. */
export function EditSessionPage<K extends 'technical' | 'poster'>({
  kind,
  id,
  children,
}: {
  kind: K;
  id: number;
  children: (session: SessionDtoOf[K], rooms: RoomDto[]) => ReactNode;
}) {
  return (
    <SessionQueries
      kind={kind}
      id={id}
      notFound={
        <>
          <PageTitle title={`Edit ${kind} session`} />
          <Alert severity="error">{PROGRAMME_MESSAGES.sessionNotFound}</Alert>
        </>
      }
      header={
        <PageTitle
          title={`Edit ${sessionName(kind, id)}`}
          actions={
            <>
              <ClashSummary />
              <Button variant="outlined" component={Link} to={paths.assignSessionLink(kind, id)}>
                Session link
              </Button>
            </>
          }
        />
      }
    >
      {children}
    </SessionQueries>
  );
}

/** The papers session `id` of `kind` may hold: those in no session, and its own. */
export const choicesFor = (papers: SchedulablePaperDto[], kind: SessionKind, id: number) =>
  papers.filter((p) => !p.session || (p.session.kind === kind && p.session._id === id));

/** Saves an edited session, with a toast of `saved` or of the server's message. */
export function useSaveSession<K extends SessionKind>(kind: K, saved: string) {
  const notify = useNotify();
  const update = useUpdateSession(kind);
  const save = (id: number, body: Partial<Omit<SessionInputOf[K], '_id'>>) =>
    update.mutate(
      { id, body },
      {
        onSuccess: () => notify(saved),
        onError: (err) => notify(saveError(err), 'error'),
      },
    );
  return { save, saving: update.isPending };
}

/** The edit form's buttons: save, and a link (back to the list, or the session's link page). */
export function SaveButtons({
  label,
  saving,
  onSave,
  to,
  link,
}: {
  label: string;
  saving: boolean;
  onSave: () => void;
  to: string;
  link: string;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      <Button disabled={saving} onClick={onSave}>
        {label}
      </Button>
      <Button variant="outlined" component={Link} to={to}>
        {link}
      </Button>
    </Stack>
  );
}
