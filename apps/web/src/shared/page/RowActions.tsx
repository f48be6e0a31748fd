import GlobalStyles from '@mui/material/GlobalStyles';
import Popper from '@mui/material/Popper';
import { alpha } from '@mui/material/styles';
import { useId, useState, type FocusEvent, type ReactNode } from 'react';

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

const ACTIONS = 'qb-row-actions';
const ACTION = 'qb-row-action';
const TIP = 'qb-row-action-tip';

/**
 * The look of the row actions, written once for the whole app (mounted by AppProviders): a list draws
 * hundreds of them, and a styled component per button (MUI's IconButton and Tooltip) cost a list of 200
 * products about a second to draw. The buttons look and behave as MUI's small-icon IconButton, the tip as its Tooltip.
 */
export function RowActionStyles() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        [`.${ACTIONS}`]: { display: 'inline-flex', whiteSpace: 'nowrap' },
        [`.${ACTION}`]: {
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flex: '0 0 auto',
          boxSizing: 'border-box',
          margin: 0,
          padding: 8,
          border: 0,
          borderRadius: '50%',
          backgroundColor: 'transparent',
          color: theme.palette.action.active,
          fontSize: theme.typography.pxToRem(24),
          cursor: 'pointer',
          userSelect: 'none',
          verticalAlign: 'middle',
          WebkitTapHighlightColor: 'transparent',
          transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
          '&:hover': { backgroundColor: alpha(theme.palette.action.active, theme.palette.action.hoverOpacity) },
          '&:focus-visible': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: -2,
            backgroundColor: alpha(theme.palette.action.active, theme.palette.action.focusOpacity),
          },
          '&[data-destructive]': { color: theme.palette.error.main },
          '&[data-destructive]:hover': { backgroundColor: alpha(theme.palette.error.main, theme.palette.action.hoverOpacity) },
          '&[aria-disabled="true"]': { color: theme.palette.action.disabled, cursor: 'default', backgroundColor: 'transparent' },
          '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
        },
        [`.${TIP}`]: {
          ...theme.typography.caption,
          fontSize: theme.typography.pxToRem(11),
          fontWeight: theme.typography.fontWeightMedium,
          lineHeight: 1.4,
          maxWidth: 300,
          padding: '4px 8px',
          borderRadius: theme.shape.borderRadius,
          color: theme.palette.common.white,
          backgroundColor: alpha(theme.palette.grey[700], 0.92),
          overflowWrap: 'break-word',
          pointerEvents: 'none',
          zIndex: theme.zIndex.tooltip,
        },
      })}
    />
  );
}

/** Whether a focus came from the keyboard (a click's focus shows no tip, as MUI's Tooltip). */
function focusVisible(event: FocusEvent<HTMLElement>): boolean {
  try {
    return event.currentTarget.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * Icon buttons named by their label, so screen readers and tests find them by the same word, each with
 * its tooltip on hover and keyboard focus (Escape hides it). A disabled action stays focusable
 * (aria-disabled), so its tooltip can be read with the keyboard too; a tooltip that says more than the
 * label describes its button while shown.
 */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  const tipId = useId();
  const [tip, setTip] = useState<{ anchor: HTMLElement; action: RowAction } | null>(null);
  const hide = () => setTip(null);
  return (
    <span className={ACTIONS}>
      {actions.map((action) => {
        const show = (anchor: HTMLElement) => setTip({ anchor, action });
        const describes = Boolean(action.tooltip) && tip?.action.label === action.label;
        return (
          <button
            key={action.label}
            type="button"
            className={ACTION}
            aria-label={action.label}
            aria-disabled={action.disabled || undefined}
            aria-describedby={describes ? tipId : undefined}
            data-destructive={action.destructive || undefined}
            onClick={action.disabled ? undefined : action.onClick}
            onMouseEnter={(event) => show(event.currentTarget)}
            onMouseLeave={hide}
            onFocus={(event) => focusVisible(event) && show(event.currentTarget)}
            onBlur={hide}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && tip) hide();
            }}
          >
            {action.icon}
          </button>
        );
      })}
      {tip && (
        // the Popper is the tooltip (role="tooltip")
        <Popper
          open
          anchorEl={tip.anchor}
          id={tipId}
          className={TIP}
          placement="bottom"
          modifiers={[{ name: 'offset', options: { offset: [0, 6] } }]}
        >
          {tip.action.tooltip ?? tip.action.label}
        </Popper>
      )}
    </span>
  );
}
