import { Alert, Box, Button, Grid, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  DOCUMENT_PLACEHOLDERS,
  documentPlaceholderFits,
  LETTER_MESSAGES,
  type DocumentKind,
  type DocumentTemplateDto,
} from '@symposium/domain';
import { ConferenceTime, ConfirmDialog, errorMessage, useNotify } from '@symposium/ui';
import { useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { PlaceholderList } from '../../components/placeholder-list';
import { previewTemplate, saveFile, type FetchedFile } from './api/files';
import { useDocumentTemplates } from './api/queries';
import { useResetTemplate, useSaveTemplate } from './api/mutations';

/**
 * A PDF shown in an <iframe> from a blob URL; where the browser has no PDF viewer (navigator.pdfViewerEnabled
 * false, e.g. headless), a download button instead.
 */
export function PdfPreview({ file }: { file: FetchedFile }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  const viewer = typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;
  return (
    <Box data-testid="pdf-preview" sx={{ mt: 2 }}>
      {viewer && url ? (
        <iframe
          title="Preview"
          src={url}
          style={{ width: '100%', height: 640, border: '1px solid rgba(0,0,0,0.2)' }}
        />
      ) : (
        <Alert severity="info">This browser does not show PDF files; download the preview instead.</Alert>
      )}
      <Button variant="text" sx={{ mt: 1 }} onClick={() => saveFile(file)}>
        Download the preview
      </Button>
    </Box>
  );
}

function TemplateEditor({ template }: { template: DocumentTemplateDto }) {
  const notify = useNotify();
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const [html, setHtml] = useState(template.html);
  const [error, setError] = useState('');
  const [confirmReset, setConfirmReset] = useState(false);
  const [preview, setPreview] = useState<FetchedFile | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const kind = template.kind;

  const insert = (placeholder: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? html.length;
    const end = el?.selectionEnd ?? html.length;
    setHtml(html.slice(0, start) + placeholder + html.slice(end));
    const caret = start + placeholder.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };
  const fail = (err: unknown) => {
    const message = errorMessage(err);
    setError(message);
    notify(message, 'error');
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          <Typography color="text.secondary" data-testid="template-state">
            {template.isDefault ? (
              'The built-in template (not changed).'
            ) : (
              <>
                Saved <ConferenceTime value={template.updatedAt} empty="" />
              </>
            )}
          </Typography>
          {error ? (
            <Alert severity="error" data-testid="template-error">
              {error}
            </Alert>
          ) : null}
          <TextField
            label="Template (HTML)"
            name="html"
            multiline
            minRows={18}
            value={html}
            inputRef={ref}
            onChange={(e) => setHtml(e.target.value)}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
          <Stack direction="row" spacing={1}>
            <Button
              disabled={save.isPending}
              onClick={() => {
                setError('');
                save.mutate(
                  { kind, html },
                  {
                    onSuccess: (saved) => {
                      setHtml(saved.html);
                      notify(LETTER_MESSAGES.templateSaved);
                    },
                    onError: fail,
                  },
                );
              }}
            >
              Save
            </Button>
            <Button
              variant="outlined"
              disabled={previewing}
              onClick={() => {
                setError('');
                setPreviewing(true);
                previewTemplate(kind, html)
                  .then(setPreview)
                  .catch(fail)
                  .finally(() => setPreviewing(false));
              }}
            >
              {previewing ? 'Rendering…' : 'Preview'}
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={template.isDefault || reset.isPending}
              onClick={() => setConfirmReset(true)}
            >
              Reset to default
            </Button>
          </Stack>
          {preview ? <PdfPreview file={preview} /> : null}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <PlaceholderList
          onInsert={insert}
          placeholders={DOCUMENT_PLACEHOLDERS.filter((p) => documentPlaceholderFits(p.name, kind))}
        />
      </Grid>
      <ConfirmDialog
        open={confirmReset}
        title={`Reset the ${DOCUMENT_LABELS[kind].toLowerCase()} template to the built-in one?`}
        confirmLabel="Reset"
        busy={reset.isPending}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() =>
          reset.mutate(kind, {
            onSuccess: (t) => {
              setHtml(t.html);
              notify('The template was reset to the default');
            },
            onError: fail,
            onSettled: () => setConfirmReset(false),
          })
        }
      />
    </Grid>
  );
}

/** /LetterTemplates (chairs): the HTML template of each document kind, with placeholders and a PDF preview. */
export function LetterTemplates() {
  const templates = useDocumentTemplates();
  const [kind, setKind] = useState<DocumentKind>('acceptance');
  return (
    <>
      <PageTitle
        title="Letter templates"
        subtitle="HTML with {{placeholders}} from the list; scripts and outside resources are removed when saved."
      />
      <Tabs
        value={kind}
        onChange={(_, v: DocumentKind) => setKind(v)}
        variant="scrollable"
        sx={{ mb: 2 }}
        aria-label="Document kinds"
      >
        {DOCUMENT_KINDS.map((k) => (
          <Tab key={k} value={k} label={DOCUMENT_LABELS[k]} />
        ))}
      </Tabs>
      <QueryView query={templates}>
        {(list) => {
          const t = list.find((x) => x.kind === kind);
          if (!t) return <Alert severity="error">No template for {DOCUMENT_LABELS[kind]}</Alert>;
          // Keyed by kind and save time: another tab or a save/reset starts from what is stored.
          return <TemplateEditor key={`${kind}-${t.updatedAt ?? 'default'}`} template={t} />;
        }}
      </QueryView>
    </>
  );
}
