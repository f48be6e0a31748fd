/**
 * The product's rules, limits, choices and user-facing messages, written once for the server and the
 * browser: plain TypeScript without dependencies, so the web bundle may load it at runtime.
 */
export * from './choices';
