import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useConfirmedDelete, type DeleteToasts } from '../confirm-dialog/use-confirmed-delete';
import { titleCase } from '../formatters';
import { DataTable } from './DataTable';
import { EmptyState } from './EmptyState';
import { LoadError } from './LoadError';
import { PageHeader } from './PageHeader';
import { RowActions, type RowAction } from './RowActions';
import { usePhone } from '../use-phone';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface Message {
  title: string;
  hint?: string;
}

export interface ListPageProps<T extends { id: string }> {
  /**
   * What one row is, as a sentence names it ('VAT rate', 'price list'): the page is titled by its
   * plural ("VAT Rates"), and the Add button, load error, delete confirmation and toasts name it.
   */
  noun: string;
  /** the page's heading when it is not the plural of `noun` ('Quote Management') */
  title?: string;
  /** buttons beside Add (an import and an export) */
  headerActions?: ReactNode;
  subtitle: string;
  /** the Add button's icon, a plus unless told */
  addIcon?: ReactNode;
  /** the list query's state: `useListXQuery(tenant.id)` */
  list: { data?: readonly T[]; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** the first column names the row: its card's title on a phone */
  columns: readonly Column<T>[];
  nameOf: (row: T) => string;
  /** the page's own filters applied to the rows; all of them are shown when absent */
  filter?: (rows: readonly T[]) => readonly T[];
  /** search box and filter selects above the list */
  filters?: ReactNode;
  empty: Message;
  /** when the filters leave nothing although there are rows */
  noMatch?: Message;
  /**
   * For a list the server filters (and pages): whether any filter is set, which tells `noMatch` from
   * `empty` when a page comes back without rows.
   */
  filtersActive?: boolean;
  /** a line above the rows, e.g. how many are shown of how many */
  summary?: ReactNode;
  /** the page controls below the rows of a list the server pages */
  pagination?: ReactNode;
  /** opens the create dialog as the page opens (a link elsewhere asked for it) */
  startAdding?: boolean;
  /** the create/edit dialog: `row` is absent for a new one */
  editor: (row: T | undefined, close: () => void) => ReactNode;
  /**
   * the delete: the confirmation question and the call; rows for which `canDelete` is false have no
   * Delete; `toasts` when the screen words them otherwise than the noun's English ones
   */
  remove: { confirmation: string; run: (row: T) => { unwrap(): Promise<unknown> }; canDelete?: (row: T) => boolean; toasts?: DeleteToasts };
  /** actions before Edit and Delete */
  extraActions?: (row: T) => RowAction[];
  /** actions between Edit and Delete */
  afterEditActions?: (row: T) => RowAction[];
  /** cards at every width, not only on a phone */
  cardsOnly?: boolean;
  /** dialogs of the extra actions */
  children?: ReactNode;
}

type EditorState<T> = { row?: T } | null;

const cardGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } } as const;

/**
 * A catalogue page: header with the Add button, filters, the rows, the create/edit dialog and the
 * confirmed delete. Rows are a table on wide screens and cards on a phone (or always, `cardsOnly`),
 * where every value and action stays on screen without scrolling sideways.
 *
 * Usage: <ListPage noun="tag" subtitle="..." list={useListTagsQuery(tenant.id)} columns={[...]}
 *          nameOf={(tag) => tag.name} editor={(tag, close) => <TagDialog tag={tag} onClose={close} />}
 *          remove={{ confirmation, run: (tag) => deleteTag({ tenantId, id: tag.id }) }} ... />
 */
export function ListPage<T extends { id: string }>(props: ListPageProps<T>) {
  const { list, columns, nameOf, remove } = props;
  const narrow = usePhone();
  const [editing, setEditing] = useState<EditorState<T>>(props.startAdding ? {} : null);
  const deletion = useConfirmedDelete<T>({ noun: props.noun, confirmation: remove.confirmation, nameOf, remove: remove.run, toasts: remove.toasts });
  const rows = props.filter ? props.filter(list.data ?? []) : (list.data ?? []);
  const title = props.title ?? `${titleCase(props.noun)}s`;
  const cards = narrow || props.cardsOnly;
  const addButton = (
    <Button variant="contained" startIcon={props.addIcon ?? <AddIcon />} onClick={() => setEditing({})}>
      {`Add ${titleCase(props.noun)}`}
    </Button>
  );

  const actionsOf = (row: T): RowAction[] => [
    ...(props.extraActions?.(row) ?? []),
    { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setEditing({ row }) },
    ...(props.afterEditActions?.(row) ?? []),
    ...(remove.canDelete?.(row) === false
      ? []
      : [{ label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" />, onClick: () => deletion.ask(row), destructive: true }]),
  ];

  const nothingAtAll = props.filtersActive === undefined ? list.data?.length === 0 : !props.filtersActive;
  const message = list.data && rows.length === 0 ? (nothingAtAll ? props.empty : (props.noMatch ?? props.empty)) : null;
  const empty = message && <EmptyState title={message.title} hint={message.hint} />;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
      <PageHeader
        title={title}
        subtitle={props.subtitle}
        action={
          props.headerActions ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {props.headerActions}
              {addButton}
            </Box>
          ) : (
            addButton
          )
        }
      />
      {list.isError && <LoadError message={`Failed to load ${props.noun}s`} onRetry={list.refetch} />}
      {props.filters && (
        <Card sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2 }} role="search">
          {props.filters}
        </Card>
      )}
      {props.summary}
      {cards ? (
        <Box sx={cardGrid} component="section" aria-label={title} aria-busy={list.isLoading}>
          {list.isLoading && [0, 1, 2].map((index) => <Skeleton key={index} variant="rounded" height={120} />)}
          {empty && <Card sx={{ gridColumn: '1 / -1' }}>{empty}</Card>}
          {rows.map((row) => (
            <Card key={row.id} component="article" aria-label={nameOf(row)} sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ pb: 0, flex: 1, overflowWrap: 'anywhere' }}>
                <Box sx={{ typography: 'h3', mb: 1 }}>{columns[0].cell(row)}</Box>
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: 0.5, columnGap: 1.5 }}>
                  {columns.slice(1).map((column) => (
                    <Box key={column.header} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                        {column.header}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                        {column.cell(row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </CardContent>
              <CardActions sx={{ justifyContent: 'flex-end' }}>
                <RowActions actions={actionsOf(row)} />
              </CardActions>
            </Card>
          ))}
          {props.pagination && <Box sx={{ gridColumn: '1 / -1' }}>{props.pagination}</Box>}
        </Box>
      ) : (
        <Card>
          <DataTable label={title} columns={[...columns.map((column) => column.header), 'Actions']} loading={list.isLoading} empty={empty}>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell key={column.header}>{column.cell(row)}</TableCell>
                ))}
                <TableCell align="right">
                  <RowActions actions={actionsOf(row)} />
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
          {props.pagination}
        </Card>
      )}
      {editing && props.editor(editing.row, () => setEditing(null))}
      {deletion.dialog}
      {props.children}
    </Box>
  );
}
