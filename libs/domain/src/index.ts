/**
 * The product's rules, limits, choices and user-facing messages, written once for the server and the
 * browser: plain TypeScript without dependencies, so the web bundle may load it at runtime.
 */
export * from './choices';
export * from './limits';
export * from './languages';
export * from './dates';
export * from './tenant-status';
export * from './messages';
export * from './keywords';
export * from './email';
export * from './money';
export * from './price';
export * from './free-places';
export * from './margin';
export * from './quotes';
export * from './figures';
export * from './payment-schedule';
export * from './optional-choice';
export * from './documents';
export * from './document-labels';
export * from './html-shape';
export * from './customer-loop';
export * from './catalogue-csv';
export * from './quote-mail';
export * from './e-invoice';
export * from './reports';
