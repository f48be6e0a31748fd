import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * Answers the delete confirmation titled `title` ("Delete tag 'Scuole'?"), after checking it asks
 * `question` and starts with the focus on Cancel, so Enter alone never deletes; returns once it is gone.
 */
export async function answerDeleteConfirmation(title: string, question: string, answer: 'Delete' | 'Cancel'): Promise<void> {
  const confirmation = await screen.findByRole('dialog', { name: title });
  expect(within(confirmation).getByText(question)).toBeTruthy();
  expect(document.activeElement).toBe(within(confirmation).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(within(confirmation).getByRole('button', { name: answer }));
  await waitFor(() => expect(confirmation.isConnected).toBe(false));
}
