import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormHelperText,
  InputLabel,
  Link as MuiLink,
  OutlinedInput,
  Stack,
  Typography,
} from '@mui/material';
import { PASSWORD_MIN_LENGTH, validatePerson, type PersonInput } from '@symposium/domain';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError, errorMessage } from './api';
import { useSession } from './auth';
import { useDocumentTitle } from './document-title';

/** The signed-out pages: one card in the page's main landmark, its title the page's only h1 and the tab title. */
function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box
      component="main"
      id="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * A text field drawn as the theme's TextField (outlined, small, dense, full width) from its parts, so that the
 * signed-out pages do not load TextField's select machinery (Select, Menu, Popover, Modal, TrapFocus) with the
 * first screen. Same DOM contract: <label for=id> naming the input, the helper text tied to the input by
 * aria-describedby, the required marker and the error state (aria-invalid).
 */
function Field({
  label,
  helperText,
  error = false,
  required = false,
  onChange,
  ...input
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  value: string;
  helperText?: string;
  error?: boolean;
  required?: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth margin="dense" size="small" variant="outlined" error={error} required={required}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth
        aria-describedby={helperId}
        inputProps={required ? { 'aria-required': true } : undefined}
        onChange={onChange}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

export function SignInPage({
  title = 'Sign in',
  allowSignUp = true,
}: {
  title?: string;
  allowSignUp?: boolean;
}) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!email.trim()) return setError('Please fill in the Email');
    if (!password) return setError('Please fill in the Password');
    setBusy(true);
    try {
      await signIn(email, password);
      void navigate(from === '/SignIn' ? '/' : from, { replace: true });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" fullWidth sx={{ mt: 2 }} disabled={busy}>
          Sign in
        </Button>
      </form>
      <Stack direction="row" justifyContent="space-between" sx={{ mt: 2 }}>
        <MuiLink component={Link} to="/ForgotPassword">
          Forgot your password?
        </MuiLink>
        {allowSignUp ? (
          <MuiLink component={Link} to="/SignUp">
            Create an account
          </MuiLink>
        ) : null}
      </Stack>
    </AuthCard>
  );
}

const SIGNUP_FIELDS: { name: keyof PersonInput; label: string; type?: string }[] = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'alternateEmail', label: 'Alternate Email', type: 'email' },
  { name: 'organization', label: 'Organization' },
  { name: 'country', label: 'Country' },
  { name: 'phone', label: 'Phone' },
];

/** Author self-registration with the §5 People rules (the same function the API runs). */
export function SignUpPage() {
  const { reload } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const fieldErrors: Record<string, string> = { ...validatePerson(form, 'author') };
    if ((form.password ?? '').length < PASSWORD_MIN_LENGTH)
      fieldErrors.password = `Please fill in a Password of at least ${PASSWORD_MIN_LENGTH} characters`;
    setErrors(fieldErrors);
    const first = Object.values(fieldErrors)[0];
    if (first) return setError(first);
    setBusy(true);
    try {
      await api('POST', '/api/auth/signup', form);
      await reload();
      void navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
      setError(errorMessage(err, 'There was a problem with the registering'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create an account">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every field marked * is required.
        </Typography>
        {SIGNUP_FIELDS.map((f) => (
          <Field
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type ?? 'text'}
            value={form[f.name] ?? ''}
            required
            error={Boolean(errors[f.name])}
            helperText={errors[f.name]}
            onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
          />
        ))}
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={form.password ?? ''}
          error={Boolean(errors.password)}
          helperText={errors.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
        />
        <Button type="submit" fullWidth sx={{ mt: 2 }} disabled={busy}>
          Sign up
        </Button>
      </form>
      <Box sx={{ mt: 2 }}>
        <MuiLink component={Link} to="/SignIn">
          Already have an account? Sign in
        </MuiLink>
      </Box>
    </AuthCard>
  );
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!email.trim()) return setError('Please fill in the Email');
    setBusy(true);
    try {
      const res = await api<{ message: string }>('POST', '/api/auth/password/forgot', { email });
      setDone(res.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Forgot your password?">
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Email"
          name="email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" fullWidth sx={{ mt: 2 }} disabled={busy}>
          Send reset link
        </Button>
      </form>
      <Box sx={{ mt: 2 }}>
        <MuiLink component={Link} to="/SignIn">
          Back to sign in
        </MuiLink>
      </Box>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (password.length < PASSWORD_MIN_LENGTH)
      return setError(`Please fill in a Password of at least ${PASSWORD_MIN_LENGTH} characters`);
    if (password !== confirm) return setError('The passwords do not match');
    setBusy(true);
    try {
      const res = await api<{ message: string }>('POST', '/api/auth/password/reset', { token, password });
      setDone(res.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <Alert severity="success" role="status">
          {done}{' '}
          <MuiLink component={Link} to="/SignIn">
            Sign in
          </MuiLink>
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          {error ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          ) : null}
          <Field
            label="New password"
            name="password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label="Repeat the new password"
            name="confirm"
            type="password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit" fullWidth sx={{ mt: 2 }} disabled={busy}>
            Change password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
