import type { TagView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

/** The names of a row's tags; `tagsById` is built once per list, not once per row. */
export function TagChips({ tagIds, tagsById }: { tagIds: readonly string[]; tagsById: ReadonlyMap<string, TagView> }) {
  const tags = tagIds.flatMap((id) => {
    const tag = tagsById.get(id);
    return tag ? [tag] : [];
  });
  if (tags.length === 0) return <>—</>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {tags.map((tag) => (
        <Chip key={tag.id} size="small" label={tag.name} variant="outlined" />
      ))}
    </Box>
  );
}
