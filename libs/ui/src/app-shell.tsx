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
  Toolbar,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
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

/** Top bar with the conference name and the user, a side menu of the role's screens, the page. */
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
  return (
    <Box sx={{ display: 'flex' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {conference?.logo ? (
            <Box component="img" src={conference.logo} alt="" sx={{ height: 32, mr: 2 }} />
          ) : null}
          <Typography variant="h6" sx={{ flexGrow: 1 }} noWrap>
            {conference?.shortName ? `${conference.shortName} — ${title}` : title}
          </Typography>
          {switchLinks}
          {user ? (
            <>
              <Typography variant="body2" sx={{ mx: 2 }} data-testid="current-user">
                {user.firstName} {user.lastName}
              </Typography>
              <Button
                color="inherit"
                variant="outlined"
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
        variant="permanent"
        sx={{
          width: DRAWER,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Box component="nav" aria-label="Main menu" sx={{ overflow: 'auto' }}>
          {menu.map((section) => (
            <List key={section.title} dense subheader={<ListSubheader>{section.title}</ListSubheader>}>
              {section.items.map((item) => (
                <ListItemButton
                  key={item.to}
                  component={Link}
                  to={item.to}
                  selected={location.pathname === item.to}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              ))}
              <Divider />
            </List>
          ))}
        </Box>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
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
