import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, AddNodeMarkStep } from '@tiptap/pm/transform';
import { Extension } from '@tiptap/react';

/*
 * How deep the editor's HTML nests, read from the document itself: an element for every node but the
 * document and its text, one more for each mark a node carries (the HTML serializer wraps every mark
 * of a text around it), so `<p><strong>x</strong></p>` is 2 and a hard break counts as a level too.
 */

/** The depth of a node's own element (of its innermost mark, for marked text), its parent at `parentDepth`. */
function ownDepth(node: ProseMirrorNode, parentDepth: number): number {
  return parentDepth + (node.isText ? 0 : 1) + node.marks.length;
}

/** The depth of the deepest element of a node and everything inside it. */
function subtreeDepth(node: ProseMirrorNode, parentDepth: number): number {
  let deepest = ownDepth(node, parentDepth);
  node.forEach((child) => {
    deepest = Math.max(deepest, subtreeDepth(child, parentDepth + 1));
  });
  return deepest;
}

/** The depth of a whole document (the document node itself is no element). */
export function documentDepth(doc: ProseMirrorNode): number {
  let deepest = 0;
  doc.forEach((child) => {
    deepest = Math.max(deepest, subtreeDepth(child, 0));
  });
  return deepest;
}

/**
 * The depth of what a change left in [from, to]: a node that starts there is new or newly wrapped,
 * so all of it counts; a node around the range counts itself and what it holds in the range. Only
 * the path to the range and the range itself are read, however long the document.
 */
function rangeDepth(parent: ProseMirrorNode, parentDepth: number, contentStart: number, from: number, to: number): number {
  let deepest = 0;
  let start = contentStart;
  for (let index = 0; index < parent.childCount && start <= to; index++) {
    const child = parent.child(index);
    const end = start + child.nodeSize;
    if (end >= from) {
      const inside = start >= from && (start < to || start === from);
      const depth = inside
        ? subtreeDepth(child, parentDepth)
        : Math.max(ownDepth(child, parentDepth), rangeDepth(child, parentDepth + 1, start + 1, from, to));
      deepest = Math.max(deepest, depth);
    }
    start = end;
  }
  return deepest;
}

/**
 * Where a transaction changed its document, in the new document's positions: one span around every
 * step's content (a wrapping step's moved content included), or null when it only removed content.
 * Removing never nests anything deeper: what follows a deletion keeps its depth.
 */
function changedSpan(tr: Transaction): { from: number; to: number } | null {
  let from = Infinity;
  let to = -Infinity;
  const cover = (start: number, end: number) => {
    from = Math.min(from, start);
    to = Math.max(to, end);
  };
  tr.steps.forEach((step, index) => {
    const map = tr.mapping.maps[index];
    if (from <= to) {
      from = map.map(from, -1);
      to = map.map(to, 1);
    }
    // a step that moves content (a wrap, a sunk list item) changes the depth of what lies between its two ranges
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => cover(newStart, newEnd));
    if (step instanceof AddMarkStep) cover(step.from, step.to);
    else if (step instanceof AddNodeMarkStep) cover(step.pos, step.pos + 1);
  });
  return from < to ? { from, to } : null;
}

/**
 * Whether a transaction nests its document past `maxDepth`. Content already deeper (kept from before
 * the bound) may still be edited, never nested deeper than it was: only then is the document before
 * the change read, around the same place.
 */
export function nestsTooDeep(tr: Transaction, maxDepth: number): boolean {
  if (!tr.docChanged) return false;
  const span = changedSpan(tr);
  if (!span) return false;
  const after = rangeDepth(tr.doc, 0, 0, span.from, span.to);
  if (after <= maxDepth) return false;
  const back = tr.mapping.invert();
  return after > rangeDepth(tr.before, 0, 0, back.map(span.from, -1), back.map(span.to, 1));
}

export interface ContentDepthLimitOptions {
  maxDepth: number;
  /** told of every change refused */
  onRefused: () => void;
}

const contentDepthLimitKey = new PluginKey('contentDepthLimit');

/**
 * Refuses any change (typing, Tab in a list, a toolbar button, an input rule, paste, drop, undo) that
 * would nest the document's HTML deeper than `maxDepth`, and says so through `onRefused`.
 */
export const ContentDepthLimit = Extension.create<ContentDepthLimitOptions>({
  name: 'contentDepthLimit',

  addOptions() {
    return { maxDepth: Infinity, onRefused: () => undefined };
  },

  addProseMirrorPlugins() {
    const { maxDepth, onRefused } = this.options;
    return [
      new Plugin({
        key: contentDepthLimitKey,
        filterTransaction: (tr) => {
          if (!nestsTooDeep(tr, maxDepth)) return true;
          onRefused();
          return false;
        },
      }),
    ];
  },
});
