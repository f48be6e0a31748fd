import type { QuoteTemplateView, TemplateSummaryView } from '@quotebook/contracts';
import type { QuoteTemplate } from './template.entity';

export function mapTemplateSummary(template: QuoteTemplate): TemplateSummaryView {
  return {
    id: template.id,
    templateType: template.templateType,
    title: template.title,
    signatureImagePath: template.signatureImagePath,
    headerPrint: template.headerPrint,
    isActive: template.isActive,
    updatedAt: template.updatedAt.toISOString(),
  };
}

export function mapTemplate(template: QuoteTemplate): QuoteTemplateView {
  return { ...mapTemplateSummary(template), content: template.content, translations: template.translations ?? {} };
}
