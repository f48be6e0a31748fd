import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../app/theme';
import { RowActions, RowActionStyles, type RowAction } from './RowActions';

function renderActions(actions: RowAction[]) {
  return render(
    <ThemeProvider theme={theme}>
      <RowActionStyles />
      <RowActions actions={actions} />
    </ThemeProvider>,
  );
}

describe('RowActions', () => {
  it('names each button by its label, runs it on a click, and shows its tooltip while hovered', () => {
    const edit = jest.fn();
    const remove = jest.fn();
    renderActions([
      { label: 'Edit', icon: <span>e</span>, onClick: edit },
      { label: 'Delete', icon: <span>d</span>, onClick: remove, destructive: true },
    ]);
    const editButton = screen.getByRole('button', { name: 'Edit' });
    fireEvent.click(editButton);
    expect(edit).toHaveBeenCalledTimes(1);
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('data-destructive')).toBe(true);

    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(editButton);
    expect(screen.getByRole('tooltip').textContent).toBe('Edit');
    fireEvent.mouseLeave(editButton);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Delete');
  });

  it('shows the tooltip on keyboard focus, hides it with Escape and on blur', () => {
    renderActions([{ label: 'Edit', icon: <span>e</span>, onClick: () => undefined }]);
    const button = screen.getByRole('button', { name: 'Edit' });
    act(() => button.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Edit');
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => button.blur());
    act(() => button.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Edit');
    act(() => button.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps a disabled action focusable and silent, its tooltip saying why and describing it while shown', () => {
    const run = jest.fn();
    renderActions([{ label: 'Delete', icon: <span>d</span>, onClick: run, disabled: true, tooltip: 'Questo è il layout di default' }]);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect(run).not.toHaveBeenCalled();
    expect(button.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.mouseEnter(button);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Questo è il layout di default');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
  });
});
