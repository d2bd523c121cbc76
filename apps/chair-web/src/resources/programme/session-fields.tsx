import { Typography } from '@mui/material';
import type { RoomDto } from '@symposium/domain';
import { roomLabel } from './programme-labels';

/** The options of a native room select: the empty choice, then every room with its seats. */
export function RoomOptions({ rooms, empty = 'Choose a room' }: { rooms: RoomDto[]; empty?: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {rooms.map((r) => (
        <option key={r._id} value={String(r._id)}>
          {roomLabel(r)}
        </option>
      ))}
    </>
  );
}

/** The options of a native paper select: the empty choice, then '12: Title' for each paper. */
export function PaperOptions({
  papers,
  empty = 'Choose a paper',
}: {
  papers: { _id: number; title: string }[];
  empty?: string;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {papers.map((p) => (
        <option key={p._id} value={String(p._id)}>
          {p._id}: {p.title}
        </option>
      ))}
    </>
  );
}

/** The heading of a session's paper list, and its error (read out at once). */
export function PapersHeading({ error }: { error?: string }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3" color={error ? 'error' : undefined}>
        Papers, in presentation order
      </Typography>
      {error ? (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      ) : null}
    </>
  );
}
