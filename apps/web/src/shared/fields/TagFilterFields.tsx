import { useMemo } from 'react';
import { SearchField } from './SearchField';
import { SelectField } from './SelectField';

export interface SearchAndTag {
  search: string;
  /** a tag id, or 'all' */
  tagId: string;
}

interface TagFilterFieldsProps {
  value: SearchAndTag;
  onChange: (value: SearchAndTag) => void;
  /** the tags a row of this list may carry */
  tags: readonly { id: string; name: string }[];
  placeholder: string;
}

/** The search box and the tag filter above a tagged list (products, customers). */
export function TagFilterFields({ value, onChange, tags, placeholder }: TagFilterFieldsProps) {
  const options = useMemo(() => [{ value: 'all', label: 'All Tags' }, ...tags.map((tag) => ({ value: tag.id, label: tag.name }))], [tags]);
  return (
    <>
      <SearchField value={value.search} onChange={(search) => onChange({ ...value, search })} placeholder={placeholder} />
      <SelectField
        label="Tag"
        name="tagFilter"
        value={value.tagId}
        options={options}
        onChange={(tagId) => onChange({ ...value, tagId })}
        size="small"
        margin="none"
        minWidth={200}
      />
    </>
  );
}
