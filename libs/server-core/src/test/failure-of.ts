import type { AppError } from '@quotebook/contracts';
import { carriedAppError } from '../app-error';

/** The AppError a call failed with, for this library's own tests (fails the test when the call succeeded). */
export async function failureOf(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    const carried = carriedAppError(error);
    if (carried) return carried;
    throw error;
  }
  throw new Error('the call succeeded but was expected to fail');
}
