import { CircularProgress } from '@mui/material';
import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './auth';
import { StartupError } from './startup-error';

/*
 * What an app's entry chunk needs from libs/ui (imported as `@symposium/ui/entry`): the gate of the signed-in
 * area, the loading indicator, and the signed-out pages and the signed-in shell as lazy chunks, so a visitor on
 * the sign-in page does not load the menu drawer and top bar and a signed-in user does not load the sign-in forms.
 */
export const SignInPage = lazy(() => import('./auth-pages').then((m) => ({ default: m.SignInPage })));
export const SignUpPage = lazy(() => import('./auth-pages').then((m) => ({ default: m.SignUpPage })));
export const ForgotPasswordPage = lazy(() =>
  import('./auth-pages').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('./auth-pages').then((m) => ({ default: m.ResetPasswordPage })),
);
export const AppShell = lazy(() => import('./app-shell').then((m) => ({ default: m.AppShell })));

/** What the page area shows while a screen's code or the session loads: a named progress bar, not a blank page. */
export function PageLoading() {
  return <CircularProgress aria-label="Loading the page" sx={{ display: 'block', mx: 'auto', my: 4 }} />;
}

/**
 * The signed-in area: the start-up loading, its error, or the sign-in page for a visitor (back here once signed
 * in), else the children.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, error } = useSession();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (error) return <StartupError message={error} />;
  if (!user) return <Navigate to="/SignIn" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
