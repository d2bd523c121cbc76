import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  CircularProgress,
  Typography,
} from '@mui/material';
import { canUsePrefix, isChairLike } from '@symposium/domain';
import type { MenuSection } from '@symposium/ui/app-shell';
import { useSession } from '@symposium/ui/auth';
import { useDocumentTitle } from '@symposium/ui/document-title';
import { StartupError } from '@symposium/ui/startup-error';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { chairMenu } from './config/menu';
import { chairRoutes, trackChairRoutes } from './routes';
import { paths } from './config/paths';

/*
 * The entry holds the providers, the router and this route switch. The signed-out pages and the signed-in shell
 * are lazy chunks (deep imports of libs/ui modules): a visitor on the sign-in page does not load the menu drawer
 * and top bar, a signed-in chair does not load the sign-in forms.
 */
const SignInPage = lazy(() => import('@symposium/ui/auth-pages').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('@symposium/ui/auth-pages').then((m) => ({ default: m.SignUpPage })));
const ForgotPasswordPage = lazy(() =>
  import('@symposium/ui/auth-pages').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@symposium/ui/auth-pages').then((m) => ({ default: m.ResetPasswordPage })),
);
const AppShell = lazy(() => import('@symposium/ui/app-shell').then((m) => ({ default: m.AppShell })));

/** What the page area shows while a screen's code loads (screens are lazy in the route tables). */
function PageLoading() {
  return <CircularProgress aria-label="Loading the page" sx={{ display: 'block', mx: 'auto', my: 4 }} />;
}

/**
 * RequireAuth's rule (libs/ui auth-pages) without that module, which holds the sign-in forms: the start-up
 * loading, its error, or the sign-in page for a visitor (back here once signed in).
 */
function SignedIn({ children }: { children: ReactNode }) {
  const { user, loading, error } = useSession();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (error) return <StartupError message={error} />;
  if (!user)
    return <Navigate to={paths.signIn} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

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
            <SignedIn>
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
            </SignedIn>
          }
        />
      </Routes>
    </Suspense>
  );
}
