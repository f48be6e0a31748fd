import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  destructive?: boolean;
}

/** Icon buttons named by their tooltip, so screen readers and tests find them by the same word. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Box sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
      {actions.map((action) => (
        <Tooltip key={action.label} title={action.label}>
          <IconButton aria-label={action.label} color={action.destructive ? 'error' : 'default'} onClick={action.onClick}>
            {action.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}
