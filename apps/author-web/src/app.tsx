import { canUsePrefix, isActivityOpen } from '@symposium/domain';
import type { MenuSection } from '@symposium/ui/app-shell';
import { useSession } from '@symposium/ui/auth';
import {
  AppShell,
  ForgotPasswordPage,
  PageLoading,
  RequireAuth,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
} from '@symposium/ui/entry';
import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { authorMenu, reviewerMenu, sessionChairMenu } from './config/menu';
import { paths } from './config/paths';
import { publicLetterRoutes } from './features/letters/routes';
import { papersQueryOptions } from './features/papers/api/papers';
import { tracksQueryOptions } from './features/tracks/api/get-tracks';
import { useNow } from './features/tracks/hooks/use-now';
import { useFrontEnd, type FrontEnd } from './hooks/use-front-end';
import { authorRoutes, sessionChairRoutes } from './routes';

/* The home screens load with their front end's first screen; every other screen is lazy in the route tables. */
const AuthorHome = lazy(() => import('./features/home/author-home').then((m) => ({ default: m.AuthorHome })));
const ReviewerConsole = lazy(() =>
  import('./features/reviews/reviewer-console').then((m) => ({ default: m.ReviewerConsole })),
);
const SessionChairProgramme = lazy(() =>
  import('./features/programme/session-chair-programme').then((m) => ({ default: m.SessionChairProgramme })),
);

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

/**
 * What the author menu offers a reviewer or session chair, as its switch's label: their papers ('Author
 * menu'), else a paper to submit while a track takes submissions ('Submit a paper'); null when it offers
 * nothing of theirs (no papers, no open track: no switch). Every user is an author, so the author menu itself
 * stays open at its routes.
 */
function useAuthorSwitch(enabled: boolean): string | null {
  const papers = useQuery({ ...papersQueryOptions(), enabled });
  const tracks = useQuery({ ...tracksQueryOptions(), enabled });
  const now = useNow();
  if (papers.data?.length) return 'Author menu';
  if (tracks.data?.some((t) => isActivityOpen(t.activities.canSubmitPaper, now))) return 'Submit a paper';
  return null;
}

function AuthorArea() {
  const { user } = useSession();
  const { frontEnd, available, setFrontEnd } = useFrontEnd(user);
  const navigate = useNavigate();
  const authorSwitch = useAuthorSwitch(Boolean(user) && frontEnd !== 'author');
  if (!user) return null;
  const current = FRONT_ENDS[frontEnd];
  const chairLink =
    canUsePrefix(user.roles, 'chair') || canUsePrefix(user.roles, 'cochair') ? (
      <Button color="inherit" variant="text" href="/chair/">
        Chair console
      </Button>
    ) : null;
  const frontEndLinks = available
    .filter((f) => f !== frontEnd && (f !== 'author' || authorSwitch !== null))
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
        {f === 'author' ? authorSwitch : FRONT_ENDS[f].switchLabel}
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
            <RequireAuth>
              <AuthorArea />
            </RequireAuth>
          }
        />
      </Routes>
    </Suspense>
  );
}
