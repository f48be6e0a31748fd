// react-router needs TextEncoder/TextDecoder, which jsdom does not provide.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextDecoder, TextEncoder });

// jsdom has no fetch: lend the sandbox Node's own (undici) fetch classes, so RTK Query's
// fetchBaseQuery builds real Requests and tests stub only `fetch`. Node's Request insists on its own
// AbortSignal, hence AbortController/AbortSignal come along.
const nodeGlobals = require('node:vm').runInThisContext(
  '({ fetch, Request, Response, Headers, AbortController, AbortSignal, structuredClone })',
);
Object.assign(globalThis, nodeGlobals);
