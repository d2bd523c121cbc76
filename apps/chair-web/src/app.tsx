import { Alert, Box, Button, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { canUsePrefix, isChairLike } from '@symposium/domain';
import type { MenuSection } from '@symposium/ui/app-shell';
import { useSession } from '@symposium/ui/auth';
import { useDocumentTitle } from '@symposium/ui/document-title';
import {
  AppShell,
  ForgotPasswordPage,
  PageLoading,
  RequireAuth,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
} from '@symposium/ui/entry';
import { Suspense, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router';
import { chairMenu } from './config/menu';
import { chairRoutes, trackChairRoutes } from './routes';
import { paths } from './config/paths';

/** Chair and track chair console: only users who may use the chair or cochair prefix get in. */
function ChairArea({ children }: { children: (menu: MenuSection[], isChair: boolean) => ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  if (!canUsePrefix(user.roles, 'chair') && !canUsePrefix(user.roles, 'cochair')) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="warning">This console is for chairs and track chairs.</Alert>
        <Button sx={{ mt: 2 }} href="/">
          Go to the author app
        </Button>
      </Box>
    );
  }
  const menu = chairMenu(user.roles);
  return (
    <AppShell title={canUsePrefix(user.roles, 'chair') ? 'Chair console' : 'Track chair console'} menu={menu}>
      {children(menu, isChairLike(user.roles))}
    </AppShell>
  );
}

/** Other routes show the chair menu (spec §2). */
export function ChairMenu({ menu }: { menu: MenuSection[] }) {
  useDocumentTitle('Menu');
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Menu
      </Typography>
      {menu.map((section) => (
        <Box key={section.title} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {section.title}
          </Typography>
          <Grid container spacing={2}>
            {section.items.map((item) => (
              <Grid key={item.to} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card>
                  <CardActionArea component={Link} to={item.to}>
                    <CardContent>
                      <Typography>{item.label}</Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </>
  );
}

export function App() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route
          path={paths.signIn}
          element={<SignInPage title="Chair console — sign in" allowSignUp={false} />}
        />
        <Route path={paths.signUp} element={<SignUpPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route
          path="*"
          element={
            <RequireAuth>
              <ChairArea>
                {(menu, isChair) => (
                  <Suspense fallback={<PageLoading />}>
                    <Routes>
                      {/* Track chairs get their subset of the screens (spec §2, §6). */}
                      {isChair ? chairRoutes : trackChairRoutes}
                      <Route path="*" element={<ChairMenu menu={menu} />} />
                    </Routes>
                  </Suspense>
                )}
              </ChairArea>
            </RequireAuth>
          }
        />
      </Routes>
    </Suspense>
  );
}
