import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

interface DataTableProps {
  label: string;
  columns: readonly string[];
  loading: boolean;
  /** shown in place of the rows when set (no data yet, or nothing matches) */
  empty?: ReactNode;
  children: ReactNode;
}

/** The tables of the tenant pages: a header row, skeleton rows while loading, an empty state, the rows. */
export function DataTable({ label, columns, loading, empty, children }: DataTableProps) {
  return (
    <TableContainer>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} align={column === 'Actions' ? 'right' : 'left'}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading &&
            [0, 1, 2].map((row) => (
              <TableRow key={`loading-${row}`}>
                {columns.map((column) => (
                  <TableCell key={column}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {!loading && empty && (
            <TableRow>
              <TableCell colSpan={columns.length}>{empty}</TableCell>
            </TableRow>
          )}
          {!loading && !empty && children}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
