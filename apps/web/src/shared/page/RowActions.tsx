import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  destructive?: boolean;
  /** an action that exists but cannot be used yet; its tooltip says why */
  disabled?: boolean;
  /** the tooltip, when it says more than the label */
  tooltip?: string;
}

/**
 * Icon buttons named by their tooltip, so screen readers and tests find them by the same word. A
 * disabled action stays focusable (aria-disabled), so its tooltip can be read with the keyboard too.
 */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Box sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
      {actions.map((action) => (
        <Tooltip key={action.label} title={action.tooltip ?? action.label} describeChild={Boolean(action.tooltip)}>
          <IconButton
            aria-label={action.label}
            aria-disabled={action.disabled || undefined}
            color={action.destructive ? 'error' : 'default'}
            onClick={action.disabled ? undefined : action.onClick}
            sx={action.disabled ? { color: 'action.disabled', cursor: 'default' } : undefined}
          >
            {action.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}
