import { Button, Dialog, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/**
 * The dialog of an add or edit form: its title (named by `titleId`), the fields, then Cancel and the save
 * button, both off while `busy`. The fields sit in a form that Enter submits; `noForm` leaves the form out
 * (a tall dialog whose content scrolls, saved by the button only). `lockWhileBusy` keeps it open (Escape,
 * backdrop) while saving.
 */
export function FormDialog({
  titleId,
  title,
  maxWidth = 'sm',
  formLabel,
  busy,
  lockWhileBusy = false,
  noForm = false,
  saveLabel,
  saveDisabled = false,
  onSubmit,
  onClose,
  children,
}: {
  titleId: string;
  title: ReactNode;
  maxWidth?: Breakpoint;
  /** The form's accessible name. */
  formLabel?: string;
  busy: boolean;
  lockWhileBusy?: boolean;
  noForm?: boolean;
  saveLabel: string;
  saveDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const parts = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {noForm ? (
          <Button onClick={onSubmit} disabled={busy || saveDisabled}>
            {saveLabel}
          </Button>
        ) : (
          <Button type="submit" disabled={busy || saveDisabled}>
            {saveLabel}
          </Button>
        )}
      </DialogActions>
    </>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      onClose={lockWhileBusy && busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
    >
      {noForm ? (
        parts
      ) : (
        <form onSubmit={submit} noValidate aria-label={formLabel}>
          {parts}
        </form>
      )}
    </Dialog>
  );
}

/** A dialog that only shows something (a dry run, a history): its title, the content, and Close. */
export function ViewDialog({
  titleId,
  title,
  maxWidth = 'md',
  focusable = false,
  onClose,
  children,
}: {
  titleId: string;
  title: ReactNode;
  maxWidth?: Breakpoint;
  /** The content can take the focus: a long list scrolls there, and the keyboard must reach it (axe). */
  focusable?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent tabIndex={focusable ? 0 : undefined}>{children}</DialogContent>
      <DialogActions>
        <Button variant="text" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
