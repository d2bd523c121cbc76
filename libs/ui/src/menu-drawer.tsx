import { Drawer } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The side menu of a narrow screen (phone): a temporary drawer, a modal dialog that slides in from the left,
 * traps the focus, closes on Escape or a click outside and gives the focus back to the menu button. Its own
 * chunk, loaded by AppShell only below the md breakpoint: the drawer's modal, transition and focus-trap code is
 * not part of the first screen on a wider screen, where the menu is a plain side column.
 */
export function MenuDrawer({
  id,
  width,
  open,
  onClose,
  children,
}: {
  id: string;
  width: number;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      // A modal dialog needs a name (axe aria-dialog-name).
      PaperProps={{ id, 'aria-label': 'Menu' }}
      sx={{ '& .MuiDrawer-paper': { width, maxWidth: '85vw', boxSizing: 'border-box' } }}
    >
      {children}
    </Drawer>
  );
}
