import { canUsePrefix } from '@symposium/domain';
import {
  AppShell,
  ForgotPasswordPage,
  RequireAuth,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
  useSession,
} from '@symposium/ui';
import { Button } from '@mui/material';
import { Route, Routes, useNavigate } from 'react-router';
import { authorMenu, reviewerMenu } from './config/menu';
import { paths } from './config/paths';
import { AuthorHome } from './features/home/author-home';
import { useFrontEnd } from './features/reviews/hooks/use-front-end';
import { ReviewerConsole } from './features/reviews/reviewer-console';
import { authorRoutes } from './routes';

function AuthorArea() {
  const { user } = useSession();
  const { frontEnd, canReview, setFrontEnd } = useFrontEnd(user);
  const navigate = useNavigate();
  if (!user) return null;
  const reviewer = frontEnd === 'reviewer';
  const chairLink =
    canUsePrefix(user.roles, 'chair') || canUsePrefix(user.roles, 'cochair') ? (
      <Button color="inherit" variant="text" href="/chair/">
        Chair console
      </Button>
    ) : null;
  const frontEndLink = canReview ? (
    <Button
      color="inherit"
      variant="text"
      onClick={() => {
        setFrontEnd(reviewer ? 'author' : 'reviewer');
        void navigate(paths.home);
      }}
    >
      {reviewer ? 'Author menu' : 'Reviewer console'}
    </Button>
  ) : null;
  return (
    <AppShell
      title={reviewer ? 'Reviewer' : 'Author'}
      menu={reviewer ? reviewerMenu() : authorMenu()}
      switchLinks={
        <>
          {frontEndLink}
          {chairLink}
        </>
      }
    >
      <Routes>
        {authorRoutes}
        <Route path="*" element={reviewer ? <ReviewerConsole /> : <AuthorHome />} />
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
