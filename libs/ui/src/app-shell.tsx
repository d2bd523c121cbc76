import {
  Alert,
  AppBar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  List,
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
import { useState, type ReactNode } from 'react';
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
 * Top bar with the conference name and the user, a side menu of the role's screens, the page. From the md
 * breakpoint the menu is a permanent drawer; on narrower screens (phones) it opens from a menu button and the
 * page takes the whole width.
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
  return (
    <Box sx={{ display: 'flex' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {wide ? null : (
            <IconButton color="inherit" edge="start" aria-label="Open the menu" onClick={() => setOpen(true)}>
              <SvgIcon>
                <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
              </SvgIcon>
            </IconButton>
          )}
          {conference?.logo ? (
            <Box component="img" src={conference.logo} alt="" sx={{ height: 32, mr: 2 }} />
          ) : null}
          <Typography variant="h6" sx={{ flexGrow: 1 }} noWrap>
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
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || open}
        onClose={() => setOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{
          width: wide ? DRAWER : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        {wide || !switchLinks ? null : (
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', p: 1, color: 'primary.main' }}
            onClick={() => setOpen(false)}
          >
            {switchLinks}
          </Box>
        )}
        <Box component="nav" aria-label="Main menu" sx={{ overflow: 'auto' }}>
          {menu.map((section) => (
            <List key={section.title} dense subheader={<ListSubheader>{section.title}</ListSubheader>}>
              {section.items.map((item) => (
                <ListItemButton
                  key={item.to}
                  component={Link}
                  to={item.to}
                  selected={location.pathname === item.to}
                  onClick={() => setOpen(false)}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              ))}
              <Divider />
            </List>
          ))}
        </Box>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
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

export function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
