import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useUnsavedChanges } from './use-unsaved-changes';

function Editor({ dirty, onClose }: { dirty: boolean; onClose: () => void }) {
  const guard = useUnsavedChanges(dirty, onClose);
  return (
    <>
      <button onClick={guard.requestClose}>Cancel</button>
      {guard.dialog}
    </>
  );
}

/** The editor at /quotes/new, reached from /quotes (so Back goes there). */
function renderEditor(dirty: boolean, onClose = jest.fn()) {
  const router = createMemoryRouter([{ path: '*', element: <Editor dirty={dirty} onClose={onClose} /> }], {
    initialEntries: ['/quotes', '/quotes/new'],
    initialIndex: 1,
  });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, onClose };
}

const QUESTION = 'Scartare le modifiche?';
const unloadListeners = (spy: jest.SpyInstance) => spy.mock.calls.filter(([type]) => type === 'beforeunload').map(([, listener]) => listener);

afterEach(() => jest.restoreAllMocks());

describe('useUnsavedChanges', () => {
  it('closes at once when nothing changed, and leaves reloads alone', () => {
    const added = jest.spyOn(window, 'addEventListener');
    const { onClose } = renderEditor(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: QUESTION })).toBeNull();
    expect(unloadListeners(added)).toEqual([]);
  });

  it('asks before closing with changes: keep them (the focus starts there), or discard them', async () => {
    const { onClose } = renderEditor(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    let question = screen.getByRole('dialog', { name: QUESTION });
    expect(within(question).getByText('Le modifiche non salvate andranno perse.')).toBeTruthy();
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Continua a modificare' }));

    fireEvent.click(within(question).getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    question = screen.getByRole('dialog', { name: QUESTION });
    fireEvent.click(within(question).getByRole('button', { name: 'Scarta' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('holds Back until answered: keeping stays, discarding goes back', async () => {
    const { router, onClose } = renderEditor(true);

    act(() => void router.navigate(-1));
    let question = await screen.findByRole('dialog', { name: QUESTION });
    fireEvent.click(within(question).getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(router.state.location.pathname).toBe('/quotes/new');

    act(() => void router.navigate(-1));
    question = await screen.findByRole('dialog', { name: QUESTION });
    fireEvent.click(within(question).getByRole('button', { name: 'Scarta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotes'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets the browser ask before a reload only while there are changes', () => {
    const added = jest.spyOn(window, 'addEventListener');
    const removed = jest.spyOn(window, 'removeEventListener');
    const router = createMemoryRouter([{ path: '*', element: <SavedOnClick /> }]);
    render(<RouterProvider router={router} />);
    const [listener] = unloadListeners(added);
    expect(listener).toBeDefined();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(unloadListeners(removed)).toEqual([listener]);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});

/** A form with changes until Save is clicked. */
function SavedOnClick() {
  const [dirty, setDirty] = useState(true);
  const guard = useUnsavedChanges(dirty, () => undefined);
  return (
    <>
      <button onClick={() => setDirty(false)}>Save</button>
      {guard.dialog}
    </>
  );
}
