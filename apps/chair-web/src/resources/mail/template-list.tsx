import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Grid,
  Stack,
  TableCell,
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
import { errorMessage, useNotify } from '@symposium/ui';
import { useState } from 'react';
import { MoveButtons, moveItem } from '../../components/move-buttons';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { PlaceholderList, usePlaceholderInsert } from '../../components/placeholder-list';
import { useCreateTemplate, useDeleteTemplate, useSortTemplates, useUpdateTemplate } from './api/mutations';
import { useEmailTemplates } from './api/queries';
import { useRolePrefix } from '../../hooks/use-role-prefix';
import { FormDialog } from '../../components/form-dialog';
import { ListWithDialogs, useListDialogs } from '../../components/list-with-dialogs';

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
  const dialogs = useListDialogs<EmailTemplateDto>();

  const move = (list: EmailTemplateDto[], from: number, to: number) =>
    sort.mutate(
      moveItem(list, from, to).map((t) => t._id),
      {
        onSuccess: () => notify(EMAIL_TEMPLATE_MESSAGES.sorted),
        onError: (err) => notify(errorMessage(err), 'error'),
      },
    );
  const none = <Alert severity="info">No e-mail templates yet.</Alert>;

  return (
    <>
      <PageTitle
        title="E-mail templates"
        subtitle={
          chair
            ? 'Subjects and texts with placeholders, for bulk e-mail and reminders.'
            : 'The conference’s templates; pick one when you send an e-mail.'
        }
        actions={chair ? <Button onClick={dialogs.add}>Add template</Button> : undefined}
      />
      {chair ? (
        <ListWithDialogs
          dialogs={dialogs}
          items={templates}
          label="E-mail templates"
          columns={['#', 'Subject', 'Text']}
          bodyTestId="template-rows"
          empty={none}
          rowTestId={(t) => `template-${t._id}`}
          name={(t) => t.subject}
          cells={(t) => (
            <>
              <TableCell>{t.position}</TableCell>
              <TableCell>{t.subject}</TableCell>
              <TableCell sx={{ maxWidth: 420 }}>
                <Typography noWrap variant="body2" title={t.text}>
                  {t.text}
                </Typography>
              </TableCell>
            </>
          )}
          actions={(t, i, list) => (
            <MoveButtons
              index={i}
              count={list.length}
              name={t.subject}
              onMove={(from, to) => move(list, from, to)}
            />
          )}
          form={(template, close) => <TemplateDialog template={template} onClose={close} />}
          deletion={{
            title: (t) => `Delete the template “${t.subject}”?`,
            text: () => (
              <Typography>Sent e-mails keep their text; reminders using it must change first.</Typography>
            ),
            mutation: remove,
            variables: (t) => t._id,
            done: (res) => res?.message ?? EMAIL_TEMPLATE_MESSAGES.deleted,
            failed: (err) => errorMessage(err, EMAIL_TEMPLATE_MESSAGES.deleteFailed),
          }}
        />
      ) : (
        <QueryView query={templates}>
          {(list) => (list.length === 0 ? none : <TemplateTexts list={list} />)}
        </QueryView>
      )}
    </>
  );
}

/** The templates as a track chair reads them: subject lines that open to the text. */
function TemplateTexts({ list }: { list: EmailTemplateDto[] }) {
  return (
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
    <FormDialog
      titleId="template-title"
      title={template ? 'Edit e-mail template' : 'Add e-mail template'}
      maxWidth="lg"
      busy={busy}
      lockWhileBusy
      noForm
      saveLabel="Save"
      saveDisabled={Boolean(subjectProblem || textProblem)}
      onSubmit={save}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
