/** The user roles of the platform. */
export const ROLES = ['superadmin', 'tenant_admin', 'tenant_user'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a tenant admin may give to users of its agency. */
export const TENANT_ROLES = ['tenant_admin', 'tenant_user'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

/** Salutations a customer may be addressed with; new customers start with the first. */
export const CUSTOMER_TITLES = [
  'Spett.le',
  'Gent.mo',
  'Gent.ma',
  'Dott.',
  'Dott.ssa',
  'Egregio dott.',
  'Gent.ma Dottoressa',
] as const;
export type CustomerTitle = (typeof CUSTOMER_TITLES)[number];
export const DEFAULT_CUSTOMER_TITLE: CustomerTitle = 'Spett.le';

/** What a tag can be put on. */
export const TAG_TARGET_TYPES = ['product', 'customer'] as const;
export type TagTargetType = (typeof TAG_TARGET_TYPES)[number];

/** The sections a quote's description templates are written for, in the order a quote prints them. */
export const TEMPLATE_TYPES = ['premessa', 'presentazione', 'complementi', 'condizioni', 'conclusioni', 'firma'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** What a quote layout is made of: the quote's own table, or a description template. */
export const LAYOUT_ELEMENT_TYPES = ['quotes', 'template'] as const;
export type LayoutElementType = (typeof LAYOUT_ELEMENT_TYPES)[number];

/** A quote's states; a new quote is pending. */
export const QUOTE_STATUSES = ['pending', 'waiting', 'confirmed', 'cancelled', 'closed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const DEFAULT_QUOTE_STATUS: QuoteStatus = 'pending';

/** The common Italian VAT rates, offered as one-click hints. */
export const COMMON_VAT_RATES = ['22', '10', '5', '4', '0'] as const;
