import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { editorExtensions, LINK_PROTOCOLS } from './editor-extensions';

interface ToolButtonProps {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, active, disabled, onClick, children }: ToolButtonProps) {
  return (
    // the button carries the name: the tooltip only shows it (a disabled button needs the span for it)
    <Tooltip title={label} describeChild>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active === undefined ? undefined : active}
          color={active ? 'primary' : 'default'}
          disabled={disabled}
          // the editor keeps its selection: the click acts on what is selected
          onMouseDown={(event) => event.preventDefault()}
          onClick={onClick}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const HEADINGS = [1, 2, 3] as const;

function Toolbar({ editor, disabled, onLink }: { editor: Editor; disabled: boolean; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      heading: HEADINGS.map((level) => current.isActive('heading', { level })),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Box role="toolbar" aria-label="Formattazione" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, py: 0.25 }}>
      <ToolButton label="Grassetto" active={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Corsivo" active={state.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      {HEADINGS.map((level, index) => (
        <ToolButton key={level} label={`Titolo ${level}`} active={state.heading[index]} disabled={disabled} onClick={() => chain().toggleHeading({ level }).run()}>
          <Typography component="span" sx={{ fontSize: '0.8rem', fontWeight: 700, width: 20 }} aria-hidden>
            {`H${level}`}
          </Typography>
        </ToolButton>
      ))}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton label="Elenco puntato" active={state.bulletList} disabled={disabled} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Elenco numerato" active={state.orderedList} disabled={disabled} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton label="Link" active={state.link} disabled={disabled} onClick={onLink}>
        <LinkIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Rimuovi link" disabled={disabled || !state.link} onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
        <LinkOffIcon fontSize="small" />
      </ToolButton>
    </Box>
  );
}

/** The address a link gets: as typed when it names http(s) or mailto, else https. */
function linkAddress(typed: string): string {
  const address = typed.trim();
  if (!address || LINK_PROTOCOLS.test(address)) return address;
  return address.includes('@') && !address.includes('/') ? `mailto:${address}` : `https://${address}`;
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [address, setAddress] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const apply = () => {
    const href = linkAddress(address);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href) chain.setLink({ href }).run();
    else chain.unsetLink().run();
    onDone();
  };
  return (
    <Box role="group" aria-label="Link" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, pb: 1 }}>
      <TextField
        label="Indirizzo del link"
        placeholder="https://www.esempio.it"
        size="small"
        margin="none"
        autoFocus
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        onKeyDown={(event) => {
          // inside the template's form: Enter applies the link, it does not save the template
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.stopPropagation();
            onDone();
          }
        }}
      />
      <Button onClick={apply}>Applica</Button>
      <Button onClick={onDone} color="inherit">
        Annulla
      </Button>
    </Box>
  );
}

interface RichTextEditorProps {
  label: string;
  /** HTML */
  value: string;
  /** the editor's HTML, or '' when it holds nothing */
  onChange: (html: string) => void;
  /** one message a line */
  error?: string;
  disabled?: boolean;
  /** how deep the HTML may nest, and what the editor says when a change would go deeper */
  depthLimit?: { maxDepth: number; message: string };
}

/**
 * A rich-text field (TipTap): bold, italic, headings, bulleted and numbered lists and links, from a
 * small toolbar whose buttons are named for screen readers. Answers HTML. A change that would nest
 * past `depthLimit` is not made: the field says why, and screen readers hear it.
 */
export function RichTextEditor({ label, value, onChange, error, disabled = false, depthLimit }: RichTextEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const refusedId = useId();
  const [linking, setLinking] = useState(false);
  // each refusal counts, so the same message is announced again
  const [refusals, setRefusals] = useState(0);
  const [extensions] = useState(() => editorExtensions(depthLimit?.maxDepth ?? Infinity, () => setRefusals((count) => count + 1)));
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    onUpdate: ({ editor: current }) => {
      setRefusals(0);
      onChange(current.isEmpty ? '' : current.getHTML());
    },
  });
  const refused = refusals > 0 && depthLimit !== undefined;

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  useEffect(() => {
    editor.view.dom.setAttribute('role', 'textbox');
    editor.view.dom.setAttribute('aria-multiline', 'true');
    editor.view.dom.setAttribute('aria-labelledby', labelId);
    editor.view.dom.setAttribute('aria-invalid', String(Boolean(error)));
    const describedBy = [error ? errorId : '', refused ? refusedId : ''].filter(Boolean).join(' ');
    if (describedBy) editor.view.dom.setAttribute('aria-describedby', describedBy);
    else editor.view.dom.removeAttribute('aria-describedby');
  }, [editor, labelId, errorId, error, refusedId, refused]);

  return (
    <Box sx={{ mt: 2, mb: 1 }}>
      <Typography
        id={labelId}
        component="span"
        variant="body2"
        onClick={() => editor.commands.focus()}
        sx={{ display: 'block', mb: 0.5, color: error ? 'error.main' : 'text.secondary' }}
      >
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main' },
          '& .tiptap': { minHeight: 180, maxHeight: 400, overflowY: 'auto', px: 1.5, py: 1, outline: 'none' },
          '& .tiptap p': { my: 0.75 },
        }}
      >
        <Toolbar editor={editor} disabled={disabled} onLink={() => setLinking(true)} />
        {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
        <Divider />
        <EditorContent editor={editor} />
      </Box>
      {error && (
        <FormHelperText id={errorId} error sx={{ whiteSpace: 'pre-line' }}>
          {error}
        </FormHelperText>
      )}
      {refused && (
        <FormHelperText key={refusals} id={refusedId} error role="alert">
          {depthLimit.message}
        </FormHelperText>
      )}
    </Box>
  );
}
