import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render-app';
import { toastShown } from './toast.slice';

/** A page whose button opens a dialog with its actions at the bottom. */
function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Add User</button>
      <Dialog open={open}>
        <DialogActions>
          <button type="submit">Create User</button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The element MUI positions on screen: the snackbar around the toast. */
const snackbarOf = (text: string) => screen.getByText(text).closest('.MuiSnackbar-root') as HTMLElement;

describe('toast placement', () => {
  it("sits at the bottom right on a page, and moves to the top, away from a dialog's buttons, while a dialog is open", async () => {
    const { store } = renderWithProviders(<PageWithDialog />);
    act(() => void store.dispatch(toastShown({ title: 'Tag created successfully' })));
    expect(snackbarOf('Tag created successfully').className).toContain('MuiSnackbar-anchorOriginBottomRight');

    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(snackbarOf('Tag created successfully').className).toContain('MuiSnackbar-anchorOriginTopCenter'));

    act(() => void store.dispatch(toastShown({ title: 'Failed to create user', variant: 'destructive' })));
    expect(snackbarOf('Failed to create user').className).toContain('MuiSnackbar-anchorOriginTopCenter');
  });
});
