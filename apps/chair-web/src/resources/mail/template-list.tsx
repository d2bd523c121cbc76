import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Paper,
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
import {
  EMAIL_TEMPLATE_MESSAGES,
  MAX_SUBJECT_LENGTH,
  MAX_TEXT_LENGTH,
  templateProblems,
  type EmailTemplateDto,
  type EmailTemplateInput,
} from '@symposium/domain';
import { ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { MoveButtons, moveItem } from '../../components/move-buttons';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { PlaceholderList, usePlaceholderInsert } from '../../components/placeholder-list';
import { useCreateTemplate, useDeleteTemplate, useSortTemplates, useUpdateTemplate } from './api/mutations';
import { useEmailTemplates } from './api/queries';
import { useRolePrefix } from '../../hooks/use-role-prefix';
import { scrollRegion } from '../../components/data-table';

/**
 * /EmailTemplate/: the conference's e-mail templates by position. Chairs add, edit, delete and move them;
 * track chairs read them (they pick them when sending).
 */
export function EmailTemplateList() {
  const chair = useRolePrefix() === 'chair';
  const templates = useEmailTemplates();
  const sort = useSortTemplates();
  const remove = useDeleteTemplate();
  const notify = useNotify();
  const [editing, setEditing] = useState<EmailTemplateDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplateDto | null>(null);

  const move = (list: EmailTemplateDto[], from: number, to: number) =>
    sort.mutate(
      moveItem(list, from, to).map((t) => t._id),
      {
        onSuccess: () => notify(EMAIL_TEMPLATE_MESSAGES.sorted),
        onError: (err) => notify(errorMessage(err), 'error'),
      },
    );

  return (
    <>
      <PageTitle
        title="E-mail templates"
        subtitle={
          chair
            ? 'Subjects and texts with placeholders, for bulk e-mail and reminders.'
            : 'The conference’s templates; pick one when you send an e-mail.'
        }
        actions={chair ? <Button onClick={() => setEditing('new')}>Add template</Button> : undefined}
      />
      <QueryView query={templates}>
        {(list) =>
          list.length === 0 ? (
            <Alert severity="info">No e-mail templates yet.</Alert>
          ) : chair ? (
            <TableContainer component={Paper} variant="outlined" {...scrollRegion('E-mail templates')}>
              <Table size="small" aria-label="E-mail templates">
                <TableHead>
                  <TableRow>
                    <TableCell>#</TableCell>
                    <TableCell>Subject</TableCell>
                    <TableCell>Text</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody data-testid="template-rows">
                  {list.map((t, i) => (
                    <TableRow key={t._id} data-testid={`template-${t._id}`}>
                      <TableCell>{t.position}</TableCell>
                      <TableCell>{t.subject}</TableCell>
                      <TableCell sx={{ maxWidth: 420 }}>
                        <Typography noWrap variant="body2" title={t.text}>
                          {t.text}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} justifyContent="flex-end">
                          <MoveButtons
                            index={i}
                            count={list.length}
                            name={t.subject}
                            onMove={(from, to) => move(list, from, to)}
                          />
                          <Button
                            size="small"
                            variant="outlined"
                            aria-label={`Edit ${t.subject}`}
                            onClick={() => setEditing(t)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            color="error"
                            aria-label={`Delete ${t.subject}`}
                            onClick={() => setDeleting(t)}
                          >
                            Delete
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Box data-testid="template-rows">
              {list.map((t) => (
                <Accordion key={t._id} variant="outlined" disableGutters>
                  <AccordionSummary>
                    <Typography>
                      {t.position}. {t.subject}
                    </Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
                      {t.text}
                    </Typography>
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          )
        }
      </QueryView>
      {editing ? (
        <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the template “${deleting?.subject ?? ''}”?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: (res) => notify(res?.message ?? EMAIL_TEMPLATE_MESSAGES.deleted),
            onError: (err) => notify(errorMessage(err, EMAIL_TEMPLATE_MESSAGES.deleteFailed), 'error'),
            onSettled: () => setDeleting(null),
          })
        }
      >
        <Typography>Sent e-mails keep their text; reminders using it must change first.</Typography>
      </ConfirmDialog>
    </>
  );
}

/** Add or edit a template: subject, text, the placeholder list beside them, checked as the chair types. */
function TemplateDialog({ template, onClose }: { template: EmailTemplateDto | null; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [text, setText] = useState(template?.text ?? '');
  const [error, setError] = useState('');
  const { insert, subjectProps, textProps } = usePlaceholderInsert(subject, setSubject, text, setText);
  const subjectProblem = templateProblems(subject)[0];
  const textProblem = templateProblems(text)[0];
  const busy = create.isPending || update.isPending;

  const save = () => {
    setError('');
    const body: EmailTemplateInput = { subject, text };
    const done = {
      onSuccess: () => {
        notify(EMAIL_TEMPLATE_MESSAGES.saved);
        onClose();
      },
      onError: (err: Error) => setError(errorMessage(err, EMAIL_TEMPLATE_MESSAGES.saveFailed)),
    };
    if (template) update.mutate({ id: template._id, body }, done);
    else create.mutate(body, done);
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="template-title"
    >
      <DialogTitle id="template-title">
        {template ? 'Edit e-mail template' : 'Add e-mail template'}
      </DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={2}>
              {error ? (
                <Alert severity="error" data-testid="template-error">
                  {error}
                </Alert>
              ) : null}
              <TextField
                label="Subject"
                name="subject"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                error={Boolean(subjectProblem)}
                helperText={subjectProblem ?? ' '}
                slotProps={{ htmlInput: { maxLength: MAX_SUBJECT_LENGTH } }}
                {...subjectProps}
              />
              <TextField
                label="Text"
                name="text"
                multiline
                minRows={12}
                value={text}
                onChange={(e) => setText(e.target.value)}
                error={Boolean(textProblem)}
                helperText={textProblem ?? ' '}
                slotProps={{ htmlInput: { maxLength: MAX_TEXT_LENGTH } }}
                {...textProps}
              />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <PlaceholderList onInsert={insert} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={save} disabled={busy || Boolean(subjectProblem || textProblem)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
