import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { PaperFileDto } from '@symposium/domain';

export const formatSize = (bytes: number): string =>
  bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1)} MB`
    : bytes >= 1000
      ? `${(bytes / 1000).toFixed(1)} kB`
      : `${bytes} bytes`;

/** Download links for a paper's files; `newWindow` opens each one in a new window. */
export function PaperFiles({
  files,
  url,
  label,
  newWindow = false,
  empty = 'No files',
}: {
  files: { file: PaperFileDto; label?: string }[];
  url: (file: PaperFileDto) => string;
  label?: string;
  newWindow?: boolean;
  empty?: string;
}) {
  return (
    <>
      {label ? (
        <Typography variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
      ) : null}
      {files.length ? (
        <List dense disablePadding data-testid="paper-files">
          {files.map(({ file, label: part }) => (
            <ListItem key={file._id} disableGutters>
              <ListItemText
                primary={
                  <Link
                    href={url(file)}
                    {...(newWindow
                      ? { target: '_blank', rel: 'noopener noreferrer' }
                      : { download: file.name })}
                  >
                    {file.name}
                  </Link>
                }
                secondary={[part, formatSize(file.size)].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2">{empty}</Typography>
      )}
    </>
  );
}
