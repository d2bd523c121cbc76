import { canUsePrefix } from '@symposium/domain';
import {
  AppShell,
  ForgotPasswordPage,
  RequireAuth,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
  useSession,
  type MenuSection,
} from '@symposium/ui';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { authorMenu, reviewerMenu, sessionChairMenu } from './config/menu';
import { paths } from './config/paths';
import { AuthorHome } from './features/home/author-home';
import { publicLetterRoutes } from './features/letters/routes';
import { SessionChairProgramme } from './features/programme/session-chair-programme';
import { ReviewerConsole } from './features/reviews/reviewer-console';
import { useFrontEnd, type FrontEnd } from './hooks/use-front-end';
import { authorRoutes, sessionChairRoutes } from './routes';

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
      <Routes>
        {current.routes}
        <Route path="*" element={current.home} />
      </Routes>
    </AppShell>
  );
}

export function App() {
  return (
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
  );
}
