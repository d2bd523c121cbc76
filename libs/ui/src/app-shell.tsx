import {
  Alert,
  AppBar,
  Box,
  Button,
  CircularProgress,
  Link as MuiLink,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  IconButton,
  SvgIcon,
  Toolbar,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { lazy, Suspense, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from './auth';

export interface MenuItem {
  label: string;
  to: string;
}
export interface MenuSection {
  title: string;
  items: MenuItem[];
}

const DRAWER = 260;

/**
 * The phone's menu drawer: MUI's Modal, Slide, Backdrop and focus trap, loaded on a narrow screen when the menu
 * is first opened (not part of the first screen: bench/frontend.js counts the phone path).
 */
const MenuDrawer = lazy(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })));

/**
 * Top bar with the conference name and the user, a side menu of the role's screens, the page. From the md
 * breakpoint the menu is a fixed column at the left (the look of MUI's permanent drawer: paper background, a
 * divider at its right, under the top bar); on narrower screens (phones) it is a drawer that opens from a menu
 * button, and the page takes the whole width.
 */
export function AppShell({
  title,
  menu,
  children,
  switchLinks,
}: {
  title: string;
  menu: MenuSection[];
  children: ReactNode;
  switchLinks?: ReactNode;
}) {
  const { user, conference, signOut, stopImpersonation } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  // the drawer's chunk is fetched the first time the menu opens, and the drawer stays mounted after
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (open && !drawerWanted) setDrawerWanted(true);
  const main = useRef<HTMLElement>(null);
  const menuId = useId();
  const nav = (
    <>
      <Toolbar />
      <Box component="nav" aria-label="Main menu" sx={{ overflow: 'auto' }}>
        {wide || !switchLinks ? null : (
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', p: 1, color: 'primary.main' }}
            onClick={() => setOpen(false)}
          >
            {switchLinks}
          </Box>
        )}
        {menu.map((section, i) => (
          <MenuList
            key={section.title}
            section={section}
            id={`${menuId}-${i}`}
            current={location.pathname}
            onPick={() => setOpen(false)}
          />
        ))}
      </Box>
    </>
  );
  return (
    <Box sx={{ display: 'flex' }}>
      <SkipLink target={main} />
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {wide ? null : (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open the menu"
              aria-haspopup="true"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen(true)}
              data-testid="menu-button"
            >
              <SvgIcon aria-hidden>
                <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
              </SvgIcon>
            </IconButton>
          )}
          {conference?.logo ? (
            <Box component="img" src={conference.logo} alt="" sx={{ height: 32, mr: 2 }} />
          ) : null}
          {/* The app's name, not a heading: each screen's own title is the page's h1. */}
          <Typography variant="h6" component="div" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
            {conference?.shortName ? `${conference.shortName} — ${title}` : title}
          </Typography>
          {wide ? switchLinks : null}
          {user ? (
            <>
              <Typography
                variant="body2"
                sx={{ mx: 2, display: { xs: 'none', sm: 'block' } }}
                data-testid="current-user"
              >
                {user.firstName} {user.lastName}
              </Typography>
              <Button
                color="inherit"
                variant="outlined"
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                onClick={() => {
                  void signOut().then(() => navigate('/SignIn'));
                }}
              >
                Sign out
              </Button>
            </>
          ) : null}
        </Toolbar>
      </AppBar>
      {wide ? (
        <Box sx={{ width: DRAWER, flexShrink: 0 }}>
          <Box
            id={menuId}
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              zIndex: (t) => t.zIndex.drawer,
              width: DRAWER,
              height: '100%',
              boxSizing: 'border-box',
              display: 'flex',
              flexDirection: 'column',
              overflowY: 'auto',
              bgcolor: 'background.paper',
              color: 'text.primary',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            {nav}
          </Box>
        </Box>
      ) : (
        // Until the drawer is wanted and its chunk is in, the menu is in the page but hidden, as in the closed
        // drawer.
        <Suspense
          fallback={
            <Box id={menuId} hidden>
              {nav}
            </Box>
          }
        >
          {drawerWanted ? (
            <MenuDrawer id={menuId} width={DRAWER} open={open} onClose={() => setOpen(false)}>
              {nav}
            </MenuDrawer>
          ) : (
            <Box id={menuId} hidden>
              {nav}
            </Box>
          )}
        </Suspense>
      )}
      <Box
        component="main"
        id="main"
        ref={main}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          p: { xs: 2, sm: 3 },
          // Room below the last block of a page to scroll it above the toast (which sits at the bottom for six
          // seconds): a Save button left under it took the click and sent nothing (issue 21 item 3).
          pb: { xs: 14, sm: 12 },
          minWidth: 0,
          // A long e-mail address or URL breaks instead of widening a phone's page (tables keep their widths).
          overflowWrap: 'break-word',
          '&:focus': { outline: 'none' },
        }}
      >
        <Toolbar />
        {user?.impersonatorId ? (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void stopImpersonation()}>
                Stop impersonating
              </Button>
            }
          >
            You are signed in as {user.email} by impersonation.
          </Alert>
        ) : null}
        {children}
      </Box>
    </Box>
  );
}

/** A keyboard focus ring the side menu's items and similar controls show (WCAG 2.4.7, 2.4.11). */
export const focusRing = {
  '&:focus-visible, &.Mui-focusVisible': {
    outline: '3px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-3px',
  },
} as const;

/** One section of the side menu: a list whose first item is its title, each screen a list item. */
function MenuList({
  section,
  id,
  current,
  onPick,
}: {
  section: MenuSection;
  id: string;
  current: string;
  onPick: () => void;
}) {
  return (
    <List
      dense
      aria-labelledby={id}
      subheader={
        <ListSubheader id={id} component="li">
          {section.title}
        </ListSubheader>
      }
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {section.items.map((item) => (
        <ListItem key={item.to} disablePadding>
          <ListItemButton
            component={Link}
            to={item.to}
            selected={current === item.to}
            aria-current={current === item.to ? 'page' : undefined}
            onClick={onPick}
            sx={focusRing}
          >
            <ListItemText primary={item.label} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * "Skip to content": the first thing Tab reaches, hidden until it has the focus; it moves the focus to the
 * page's main landmark (past the top bar and the side menu).
 */
function SkipLink({ target }: { target: RefObject<HTMLElement | null> }) {
  return (
    <MuiLink
      href="#main"
      data-testid="skip-link"
      onClick={(e) => {
        e.preventDefault();
        target.current?.focus();
        target.current?.scrollIntoView?.({ block: 'start' });
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      Skip to content
    </MuiLink>
  );
}

export function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
