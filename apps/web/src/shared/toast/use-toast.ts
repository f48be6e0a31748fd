import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { toastShown, type ToastMessage } from './toast.slice';

export function useToast(): (message: ToastMessage) => void {
  const dispatch = useDispatch();
  return useCallback((message: ToastMessage) => dispatch(toastShown(message)), [dispatch]);
}
