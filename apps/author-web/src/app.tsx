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
import { Route, Routes } from 'react-router';
import { authorMenu } from './config/menu';
import { paths } from './config/paths';
import { AuthorHome } from './features/home/author-home';
import { authorRoutes } from './routes';

function AuthorArea() {
  const { user } = useSession();
  if (!user) return null;
  const chairLink =
    canUsePrefix(user.roles, 'chair') || canUsePrefix(user.roles, 'cochair') ? (
      <Button color="inherit" variant="text" href="/chair/">
        Chair console
      </Button>
    ) : null;
  return (
    <AppShell title="Author" menu={authorMenu()} switchLinks={chairLink}>
      <Routes>
        {authorRoutes}
        <Route path="*" element={<AuthorHome />} />
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
