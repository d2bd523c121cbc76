import {
  Alert,
  Checkbox,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { sessionName, type SchedulablePaperDto } from '@symposium/domain';
import { errorMessage } from '@symposium/ui';
import { SelectAllCheckbox } from '../../components/select-all-checkbox';
import { nativeSelect, peopleNames } from './programme-labels';
import { useTracks } from '../tracks/api/queries';
import { useSchedulablePapers } from './api/queries';
import { scrollRegion } from '../../components/data-table';

/**
 * Step "Pick papers": the accepted papers (optionally of one track); papers already in a session are marked
 * and cannot be picked. The picked papers are kept across track changes.
 */
export function PaperPicker({
  track,
  onTrack,
  selected,
  onChange,
}: {
  track: number | null;
  onTrack: (track: number | null) => void;
  selected: SchedulablePaperDto[];
  onChange: (papers: SchedulablePaperDto[]) => void;
}) {
  const tracks = useTracks();
  const papers = useSchedulablePapers(track);
  const trackName = new Map((tracks.data ?? []).map((t) => [t._id, t.name]));
  const picked = new Set(selected.map((p) => p._id));
  const free = (papers.data ?? []).filter((p) => !p.session);
  const allPicked = free.length > 0 && free.every((p) => picked.has(p._id));
  const toggle = (p: SchedulablePaperDto) =>
    onChange(picked.has(p._id) ? selected.filter((x) => x._id !== p._id) : [...selected, p]);
  const toggleAll = () =>
    onChange(
      allPicked
        ? selected.filter((x) => !free.some((p) => p._id === x._id))
        : [...selected, ...free.filter((p) => !picked.has(p._id))],
    );

  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 1 }}>
        <TextField
          select
          label="Track"
          name="track"
          value={track === null ? '' : String(track)}
          sx={{ maxWidth: { md: 360 } }}
          slotProps={nativeSelect}
          onChange={(e) => onTrack(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">All tracks</option>
          {(tracks.data ?? []).map((t) => (
            <option key={t._id} value={String(t._id)}>
              {t.name}
            </option>
          ))}
        </TextField>
        <Typography data-testid="picked-count" sx={{ flexShrink: 0 }}>
          {selected.length} paper{selected.length === 1 ? '' : 's'} picked
        </Typography>
      </Stack>
      {papers.isError ? <Alert severity="error">{errorMessage(papers.error)}</Alert> : null}
      {papers.isFetching ? <LinearProgress /> : null}
      {papers.data && papers.data.length === 0 ? (
        <Alert severity="info">No accepted papers{track === null ? '' : ' in this track'}.</Alert>
      ) : null}
      {papers.data && papers.data.length > 0 ? (
        <TableContainer {...scrollRegion('Accepted papers')}>
          <Table size="small" aria-label="Accepted papers">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <SelectAllCheckbox
                    checked={allPicked}
                    disabled={free.length === 0}
                    indeterminate={!allPicked && free.some((p) => picked.has(p._id))}
                    onChange={toggleAll}
                    label="Pick all unscheduled papers"
                  />
                </TableCell>
                <TableCell>ID</TableCell>
                <TableCell>Title</TableCell>
                <TableCell>Authors</TableCell>
                <TableCell>Track</TableCell>
                <TableCell>Subject area</TableCell>
                <TableCell>Scheduled</TableCell>
              </TableRow>
            </TableHead>
            <TableBody data-testid="paper-rows">
              {papers.data.map((p) => (
                <TableRow
                  key={p._id}
                  data-testid={`paper-${p._id}`}
                  // A scheduled paper is greyed as secondary text (an opacity of 0.6 fell below 4.5:1 contrast).
                  sx={p.session ? { '& > td': { color: 'text.secondary' } } : undefined}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={picked.has(p._id)}
                      disabled={Boolean(p.session)}
                      onChange={() => toggle(p)}
                      slotProps={{ input: { 'aria-label': `Pick paper ${p._id}` } }}
                    />
                  </TableCell>
                  <TableCell>{p._id}</TableCell>
                  <TableCell>{p.title}</TableCell>
                  <TableCell>{peopleNames(p.authors)}</TableCell>
                  <TableCell>{trackName.get(p.track) ?? p.track}</TableCell>
                  <TableCell>{p.primarySubjectArea ?? '—'}</TableCell>
                  <TableCell data-testid="scheduled">
                    {p.session ? `In ${sessionName(p.session.kind, p.session._id)}` : 'No'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </>
  );
}
