import { styled } from '@mui/material/styles';

/**
 * A file input hidden from sight but still the labelled, focusable input of the button around it
 * (`<Button component="label">Upload<HiddenFileInput type="file" .../></Button>`).
 */
export const HiddenFileInput = styled('input')({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
