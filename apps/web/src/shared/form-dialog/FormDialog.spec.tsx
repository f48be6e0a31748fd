import { render, screen } from '@testing-library/react';
import { resetViewport, setViewportWidth } from '../../test/viewport';
import { FormDialog } from './FormDialog';

afterEach(resetViewport);

function renderDialog() {
  render(
    <FormDialog title="Add Tag" submitLabel="Create Tag" busyLabel="Creating..." busy={false} onSubmit={() => undefined} onClose={() => undefined}>
      <input aria-label="Name" />
    </FormDialog>,
  );
  return screen.getByRole('dialog', { name: 'Add Tag' });
}

describe('a form dialog', () => {
  it('fills the screen of a phone (390 px), margins would leave the form a narrow column', () => {
    setViewportWidth(390);
    expect(renderDialog().className).toContain('MuiDialog-paperFullScreen');
  });

  it('stays a window over the page on a wider screen', () => {
    setViewportWidth(1280);
    const dialog = renderDialog();
    expect(dialog.className).not.toContain('MuiDialog-paperFullScreen');
    expect(dialog.className).toContain('MuiDialog-paperWidthSm');
  });
});
