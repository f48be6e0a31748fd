import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { AUTH_MESSAGES, MESSAGES } from '@quotebook/domain';
import { useForgotPasswordMutation } from './auth.api';

export const FORGOT_PASSWORD_SENT = AUTH_MESSAGES.forgotPasswordAnswer;
const FORGOT_PASSWORD_FAILED = 'Si è verificato un errore. Riprova più tardi.';

interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Password recovery: the answer never says whether the address has an account. */
export function ForgotPasswordDialog({ open, onClose }: ForgotPasswordDialogProps) {
  const [email, setEmail] = useState('');
  const [sendResetEmail, { isLoading }] = useForgotPasswordMutation();
  const toast = useToast();
  const titleId = useId();
  const descriptionId = useId();

  const close = () => {
    setEmail('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast({ title: MESSAGES.forgotEmailRequired, description: MESSAGES.forgotEmailHint, variant: 'destructive' });
      return;
    }
    try {
      await sendResetEmail({ email: address }).unwrap();
      toast({ title: 'Email inviata', description: FORGOT_PASSWORD_SENT });
      close();
    } catch (error) {
      toast({ title: 'Errore', description: messageOr(error, FORGOT_PASSWORD_FAILED), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={descriptionId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Recupera Password</DialogTitle>
        <DialogContent>
          <DialogContentText id={descriptionId} sx={{ mb: 1 }}>
            Inserisci il tuo indirizzo email per ricevere un link di reset della password.
          </DialogContentText>
          <TextField
            label="Indirizzo Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="nome@esempio.it"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Annulla</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-label="Invio in corso" /> : undefined}
          >
            Invia Email
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
