import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'destructive';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface Toast extends ToastMessage {
  id: number;
}

export interface ToastState {
  /** Only one toast is visible at a time: a new one replaces the current one. */
  current: Toast | null;
  nextId: number;
}

export const TOAST_DURATION_MS = 5000;

const initialState: ToastState = { current: null, nextId: 1 };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<ToastMessage>) {
      state.current = { ...action.payload, id: state.nextId };
      state.nextId += 1;
    },
    toastDismissed(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;

export const selectCurrentToast = (state: { toast: ToastState }) => state.toast.current;
