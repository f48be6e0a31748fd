import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * A phone-sized screen (narrower than the theme's `sm` breakpoint): lists show cards, and dialogs that
 * hold a form or a document fill the screen instead of leaving margins around a narrow column.
 */
export function usePhone(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}
