export const PRODUCT_NAME = 'Quotebook';
export const PRODUCT_DOMAIN = 'quotebook.app';
export const COPYRIGHT_YEAR = 2025;
