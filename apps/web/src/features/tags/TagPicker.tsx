import type { TagView } from '@quotebook/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';

interface TagPickerProps {
  /** the tags that may be chosen (already limited to one target type) */
  tags: readonly TagView[];
  value: readonly string[];
  onChange: (tagIds: string[]) => void;
  disabled?: boolean;
  /** what to say when the agency has no tags of this type */
  emptyHint: string;
}

/** A checkbox per tag: every tag visible at once, each reachable with Tab and toggled with Space. */
export function TagPicker({ tags, value, onChange, disabled, emptyHint }: TagPickerProps) {
  const toggle = (tagId: string, checked: boolean) => {
    const others = value.filter((id) => id !== tagId);
    onChange(checked ? [...others, tagId] : others);
  };
  return (
    <FormControl component="fieldset" sx={{ mt: 2, display: 'block' }} disabled={disabled}>
      <FormLabel component="legend">Tags</FormLabel>
      {tags.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {emptyHint}
        </Typography>
      ) : (
        <FormGroup row>
          {tags.map((tag) => (
            <FormControlLabel
              key={tag.id}
              label={tag.name}
              control={<Checkbox checked={value.includes(tag.id)} onChange={(event) => toggle(tag.id, event.target.checked)} />}
            />
          ))}
        </FormGroup>
      )}
    </FormControl>
  );
}
