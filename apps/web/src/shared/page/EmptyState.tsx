import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** What a page shows instead of an empty table or grid. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Typography variant="h3" component="p">
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
