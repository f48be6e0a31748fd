import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { AUTH_MESSAGES } from '@quotebook/domain';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

export interface Credentials {
  username: string;
  password: string;
}

interface CredentialsFormProps {
  ariaLabel: string;
  busy: boolean;
  /** Signs in; a rejection becomes the 'Login Failed' toast with the server's message. */
  onSubmit: (credentials: Credentials) => Promise<void>;
  /** Shown under the forgot-password link. */
  footnote?: ReactNode;
}

const CREDENTIAL_FIELDS = [
  { name: 'username', label: 'Username', placeholder: 'Enter username', autoComplete: 'username', type: 'text' },
  { name: 'password', label: 'Password', placeholder: 'Enter password', autoComplete: 'current-password', type: 'password' },
] as const;

/** Username, password, Sign In and the password-recovery link: the same on both sign-in pages. */
export function CredentialsForm({ ariaLabel, busy, onSubmit, footnote }: CredentialsFormProps) {
  const toast = useToast();
  const [credentials, setCredentials] = useState<Credentials>({ username: '', password: '' });
  const [forgotOpen, setForgotOpen] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await onSubmit({ username: credentials.username.trim(), password: credentials.password });
    } catch (error) {
      toast({ title: 'Login Failed', description: messageOr(error, AUTH_MESSAGES.invalidCredentials), variant: 'destructive' });
    }
  };

  return (
    <>
      <Box component="form" onSubmit={submit} aria-label={ariaLabel}>
        {CREDENTIAL_FIELDS.map(({ name, ...field }, index) => (
          <TextField
            key={name}
            {...field}
            name={name}
            value={credentials[name]}
            onChange={(event) => setCredentials({ ...credentials, [name]: event.target.value })}
            required
            autoFocus={index === 0}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
          Hai dimenticato la password?
        </Link>
        {footnote}
      </Box>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </>
  );
}
