import { canUsePrefix } from '@symposium/domain';
import type { MenuSection } from '@symposium/ui/app-shell';
import { useSession } from '@symposium/ui/auth';
import { StartupError } from '@symposium/ui/startup-error';
import { Button, CircularProgress } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { authorMenu, reviewerMenu, sessionChairMenu } from './config/menu';
import { paths } from './config/paths';
import { publicLetterRoutes } from './features/letters/routes';
import { useFrontEnd, type FrontEnd } from './hooks/use-front-end';
import { authorRoutes, sessionChairRoutes } from './routes';

/*
 * The entry holds the providers, the router and this route switch. The signed-out pages and the signed-in shell
 * are lazy chunks (deep imports of libs/ui modules): a visitor on the sign-in page does not load the menu drawer
 * and top bar, a signed-in author does not load the sign-in forms.
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

/* The home screens load with their front end's first screen; every other screen is lazy in the route tables. */
const AuthorHome = lazy(() => import('./features/home/author-home').then((m) => ({ default: m.AuthorHome })));
const ReviewerConsole = lazy(() =>
  import('./features/reviews/reviewer-console').then((m) => ({ default: m.ReviewerConsole })),
);
const SessionChairProgramme = lazy(() =>
  import('./features/programme/session-chair-programme').then((m) => ({ default: m.SessionChairProgramme })),
);

/** What the page area shows while a screen's code loads: a named progress bar, not a blank page. */
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

/** Each front end of the author app: its title, menu, screens, what other routes show, its switch label. */
const FRONT_ENDS: Record<
  FrontEnd,
  { title: string; menu: () => MenuSection[]; routes: ReactNode[]; home: ReactNode; switchLabel: string }
> = {
  author: {
    title: 'Author',
    menu: authorMenu,
    routes: authorRoutes,
    home: <AuthorHome />,
    switchLabel: 'Author menu',
  },
  reviewer: {
    title: 'Reviewer',
    menu: reviewerMenu,
    routes: authorRoutes,
    home: <ReviewerConsole />,
    switchLabel: 'Reviewer console',
  },
  session: {
    title: 'Session chair',
    menu: sessionChairMenu,
    routes: sessionChairRoutes,
    home: <SessionChairProgramme />,
    switchLabel: 'Session chair view',
  },
};

function AuthorArea() {
  const { user } = useSession();
  const { frontEnd, available, setFrontEnd } = useFrontEnd(user);
  const navigate = useNavigate();
  if (!user) return null;
  const current = FRONT_ENDS[frontEnd];
  const chairLink =
    canUsePrefix(user.roles, 'chair') || canUsePrefix(user.roles, 'cochair') ? (
      <Button color="inherit" variant="text" href="/chair/">
        Chair console
      </Button>
    ) : null;
  const frontEndLinks = available
    .filter((f) => f !== frontEnd)
    .map((f) => (
      <Button
        key={f}
        color="inherit"
        variant="text"
        data-front-end={f}
        onClick={() => {
          setFrontEnd(f);
          void navigate(paths.home);
        }}
      >
        {FRONT_ENDS[f].switchLabel}
      </Button>
    ));
  return (
    <AppShell
      title={current.title}
      menu={current.menu()}
      switchLinks={
        <>
          {frontEndLinks}
          {chairLink}
        </>
      }
    >
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {current.routes}
          <Route path="*" element={current.home} />
        </Routes>
      </Suspense>
    </AppShell>
  );
}

export function App() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path={paths.signIn} element={<SignInPage />} />
        <Route path={paths.signUp} element={<SignUpPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        {publicLetterRoutes}
        <Route
          path="*"
          element={
            <SignedIn>
              <AuthorArea />
            </SignedIn>
          }
        />
      </Routes>
    </Suspense>
  );
}
