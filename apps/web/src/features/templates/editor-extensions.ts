import StarterKit from '@tiptap/starter-kit';
import { ContentDepthLimit } from './content-depth';

/** Links a template may carry: the server keeps these and drops any other. */
export const LINK_PROTOCOLS = /^(https?:|mailto:)/i;

/**
 * What the server keeps of a template: headings 1–4, bold, italic, underline, strike, lists, quotes,
 * links; nested no deeper than `maxDepth`.
 */
export const editorExtensions = (maxDepth: number, onTooDeep: () => void) => [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    // no empty paragraph kept after a list or heading at the end: the template is saved as written
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url) => LINK_PROTOCOLS.test(url),
      // a link is kept with its address only: the HTML measured here is the HTML the server stores
      HTMLAttributes: { target: null, rel: null },
    },
  }),
  ContentDepthLimit.configure({ maxDepth, onRefused: onTooDeep }),
];
