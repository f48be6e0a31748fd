import type { QuoteLayoutView } from '@quotebook/contracts';
import { combinedShape, type HtmlShape, layoutContentProblems, MESSAGES, type LayoutElementType } from '@quotebook/domain';
import type { FormErrors } from '../../shared/form/use-entity-form';
import type { QuoteLayoutRequest } from './templates.api';

/** One element of the layout being edited: the quote's table, or a template. */
export interface LayoutElementDraft {
  /** tells the rows apart while they move (a template may be printed twice) */
  key: string;
  type: LayoutElementType;
  templateId: string | null;
}

export interface LayoutFormValues {
  name: string;
  description: string;
  /** in print order */
  elements: LayoutElementDraft[];
}

let nextKey = 0;
export const draftElement = (type: LayoutElementType, templateId: string | null): LayoutElementDraft => ({
  key: `element-${++nextKey}`,
  type,
  templateId: type === 'template' ? templateId : null,
});

export function layoutFormFrom(layout?: QuoteLayoutView): LayoutFormValues {
  const elements = [...(layout?.elements ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  return {
    name: layout?.name ?? '',
    description: layout?.description ?? '',
    elements: elements.map((element) => draftElement(element.elementType, element.templateId)),
  };
}

/** The list with the element at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveElement<T>(elements: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= elements.length || target < 0 || target >= elements.length) return [...elements];
  const moved = [...elements];
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}

/**
 * What the layout's templates together pass of LAYOUT_CONTENT_LIMITS, one message a line in the
 * server's words, or undefined. Each element counts (a template printed twice counts twice), with the
 * shape of its template's content as stored; a template the page does not know counts nothing.
 */
export function layoutContentProblem(elements: readonly LayoutElementDraft[], shapes: ReadonlyMap<string, HtmlShape>): string | undefined {
  const printed = elements.flatMap((element) => {
    const shape = element.templateId ? shapes.get(element.templateId) : undefined;
    return shape ? [shape] : [];
  });
  const messages = layoutContentProblems(combinedShape(printed));
  return messages.length ? messages.join('\n') : undefined;
}

export function validateLayoutForm(values: LayoutFormValues, shapes: ReadonlyMap<string, HtmlShape> = new Map()): FormErrors<LayoutFormValues> {
  const errors: FormErrors<LayoutFormValues> = {};
  if (!values.name.trim()) errors.name = MESSAGES.layoutNameRequired;
  const elementsProblem = values.elements.length === 0 ? MESSAGES.layoutElementRequired : layoutContentProblem(values.elements, shapes);
  if (elementsProblem) errors.elements = elementsProblem;
  return errors;
}

/** Each element's order is its position in the list. */
export function layoutRequestFrom(values: LayoutFormValues): QuoteLayoutRequest {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    elements: values.elements.map((element, order) => ({ type: element.type, templateId: element.templateId, order })),
  };
}
