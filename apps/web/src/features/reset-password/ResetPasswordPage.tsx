import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import LockResetIcon from '@mui/icons-material/LockReset';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredCardPage } from '../../app/layout/CenteredCardPage';
import { useToast } from '../../shared/toast/use-toast';
import { useResetPasswordMutation } from '../auth/auth.api';
import { loginPathFor } from '../tenant/remembered-agency';
import {
  RESET_PASSWORD_MESSAGES,
  RESET_REDIRECT_DELAY_MS,
  validateNewPassword,
  type ResetPasswordErrors,
} from './reset-password-form';

/**
 * `/reset-password?token=…&agency=…`: a new password for the account whose recovery e-mail carried
 * the token. An agency user's link names the agency, whose sign-in page is where "Torna al Login" and
 * the redirect after the reset lead; the superadmin's names none.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const loginPath = loginPathFor(params.get('agency'));
  return token ? <ResetPasswordForm token={token} loginPath={loginPath} /> : <InvalidLink loginPath={loginPath} />;
}

function InvalidLink({ loginPath }: { loginPath: string }) {
  const navigate = useNavigate();
  return (
    <CenteredCardPage>
      <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <LinkOffIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h1">Link Non Valido</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{RESET_PASSWORD_MESSAGES.invalidLink}</Typography>
        <Button variant="contained" onClick={() => navigate(loginPath)} sx={{ mt: 1 }}>
          Torna al Login
        </Button>
      </Box>
    </CenteredCardPage>
  );
}

function ResetPasswordForm({ token, loginPath }: { token: string; loginPath: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<ResetPasswordErrors>({});
  const [done, setDone] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateNewPassword(password, confirmation);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await resetPassword({ token, newPassword: password }).unwrap();
      setDone(true);
      toast({ title: 'Password reimpostata', description: 'Ora puoi accedere con la nuova password.' });
      redirectTimer.current = setTimeout(() => navigate(loginPath), RESET_REDIRECT_DELAY_MS);
    } catch {
      toast({ title: 'Errore', description: RESET_PASSWORD_MESSAGES.invalidToken, variant: 'destructive' });
    }
  };

  if (done) {
    return (
      <CenteredCardPage>
        <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
          <Typography variant="h1">Password aggiornata</Typography>
          <Typography sx={{ color: 'text.secondary' }}>Verrai reindirizzato al login...</Typography>
        </Box>
      </CenteredCardPage>
    );
  }

  return (
    <CenteredCardPage>
      <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
        <LockResetIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h1" sx={{ mt: 1 }}>
          Reimposta Password
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Scegli una nuova password per il tuo account.
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} noValidate>
        <NewPasswordField entry="password" value={password} onChange={setPassword} error={errors.password} autoFocus />
        <NewPasswordField entry="confirmation" value={confirmation} onChange={setConfirmation} error={errors.confirmation} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={isLoading}
          startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ mt: 2 }}
        >
          {isLoading ? 'Reimpostazione...' : 'Reimposta Password'}
        </Button>
      </Box>
    </CenteredCardPage>
  );
}

/** The two entries of the new password; `subject` is what the show/hide button names ("Mostra la password"). */
const ENTRIES = {
  password: { label: 'Nuova Password', name: 'newPassword', subject: 'la password' },
  confirmation: { label: 'Conferma Password', name: 'confirmPassword', subject: 'la conferma' },
} as const;

interface NewPasswordFieldProps {
  entry: keyof typeof ENTRIES;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}

/** A new password, hidden while typed unless its show/hide button says otherwise. */
function NewPasswordField({ entry, value, onChange, error, autoFocus }: NewPasswordFieldProps) {
  const { label, name, subject } = ENTRIES[entry];
  const [visible, setVisible] = useState(false);
  const toggle = (
    <InputAdornment position="end">
      <IconButton aria-label={`${visible ? 'Nascondi' : 'Mostra'} ${subject}`} onClick={() => setVisible((shown) => !shown)} edge="end">
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <TextField
      label={label}
      name={name}
      type={visible ? 'text' : 'password'}
      autoComplete="new-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      required
      autoFocus={autoFocus}
      slotProps={{ input: { endAdornment: toggle } }}
    />
  );
}
