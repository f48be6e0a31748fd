/**
 * A Gotenberg-compatible PDF server for machines without Docker: the part of Gotenberg 8's HTTP API the
 * document worker uses, rendered by Debian's Chromium through playwright-core.
 *
 *   POST /forms/chromium/convert/html   multipart: index.html plus asset files, Gotenberg's form fields,
 *                                       and header.html / footer.html printed on every page → application/pdf
 *   GET|HEAD /health                    → {"status":"up",...}
 *   GET /version
 *
 * The render is closed off the way a document render must be: JavaScript is off, and the page reaches
 * nothing but the files posted with it (every other request, remote or local, is aborted). One browser
 * is launched when the server starts and kept warm; as in Gotenberg, conversions run in tabs of one
 * browser context, a tab reused by one conversion after another (opening a tab starts a renderer
 * process, which costs more than a conversion), each document written into it under a path of its own,
 * so a request only writes its document and prints it.
 * Errors are answered as Gotenberg answers them: 400 with a plain-text reason for a bad form, 500 when
 * Chromium fails on the document itself (its tab crashed, printing failed), 503 when Chromium cannot
 * start or went away, or the conversion exceeds its time.
 */
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const path = require('node:path');
const { CHROMIUM_ARGS } = require('../chromium/chromium-args');

/** The page is served from this origin; `.invalid` never resolves, and nothing leaves the browser anyway. */
const DOCUMENT_ORIGIN = 'http://document.invalid';

/** Gotenberg's defaults: Letter paper with 0.39 in margins, scale 1, print media. */
const DEFAULTS = { paperWidth: 8.5, paperHeight: 11, margin: 0.39 };

/**
 * Gotenberg's header and footer when the form has none: an empty page. With neither, Chromium prints no
 * header and footer at all; with one, the other is this empty page (never Chromium's own date and title).
 */
const EMPTY_TEMPLATE = '<html><head></head><body></body></html>';

/** Inches per unit of the lengths Gotenberg 8 accepts (a bare number is inches). */
const INCHES_PER = { in: 1, pt: 1 / 72, px: 1 / 96, pc: 1 / 6, mm: 1 / 25.4, cm: 1 / 2.54 };

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

/**
 * The document with a `<base>` first in its head, so that its relative URLs name the files posted with
 * it (Gotenberg loads index.html from the folder of those files).
 */
function withBase(html, href) {
  const base = `<base href="${href}">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${base}${html.slice(doctype[0].length)}` : `${base}${html}`;
}

/** A form that Gotenberg would refuse: answered 400 with the reason. */
class InvalidFormError extends Error {}

/** Chromium is not there or did not answer in time: answered 503. */
class UnavailableError extends Error {}

/** Chromium failed on this document (a crashed tab, a print that failed): answered 500, as Gotenberg does. */
class ConversionError extends Error {}

function invalidField(name, value, reason) {
  return new InvalidFormError(`Invalid form data: form field '${name}' is invalid (got '${value}', resulting to ${reason})`);
}

function parseLength(name, value, fallback) {
  if (value === undefined) return fallback;
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(in|pt|px|pc|mm|cm)?\s*$/.exec(value);
  if (!match) throw invalidField(name, value, 'a length such as 8.27, 21cm or 210mm');
  return Number(match[1]) * INCHES_PER[match[2] ?? 'in'];
}

function parseBoolean(name, value, fallback) {
  if (value === undefined) return fallback;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  throw invalidField(name, value, `strconv.ParseBool: parsing "${value}": invalid syntax`);
}

function parseScale(value) {
  if (value === undefined) return 1;
  const scale = Number(value);
  if (value.trim() === '' || !Number.isFinite(scale) || scale < 0.1 || scale > 2) {
    throw invalidField('scale', value, 'a number from 0.1 to 2');
  }
  return scale;
}

/** Gotenberg's durations: `500ms`, `2s`, `1m`. */
function parseDuration(name, value) {
  if (value === undefined) return 0;
  const match = /^\s*(\d+(?:\.\d+)?)(ms|s|m)\s*$/.exec(value);
  if (!match) throw invalidField(name, value, 'a duration such as 500ms or 2s');
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2]];
}

/**
 * The header and footer of a Chromium form, as Gotenberg takes them: the files header.html and
 * footer.html, complete HTML documents printed in the top and bottom margins of every page, where
 * `<span class="pageNumber"></span>` and `<span class="totalPages"></span>` (and Chromium's `date`,
 * `title`, `url`) are filled in.
 */
function headerFooterOf(files) {
  const header = files?.get('header.html')?.body.toString('utf8');
  const footer = files?.get('footer.html')?.body.toString('utf8');
  if (header === undefined && footer === undefined) return { displayHeaderFooter: false };
  return { displayHeaderFooter: true, headerTemplate: header ?? EMPTY_TEMPLATE, footerTemplate: footer ?? EMPTY_TEMPLATE };
}

/** The page options of a Gotenberg Chromium form (its fields, and its header and footer files), as playwright's page.pdf() takes them. */
function pdfOptionsOf(fields, files) {
  const inches = (value) => `${value.toFixed(4)}in`;
  const media = fields.emulatedMediaType ?? 'print';
  if (!['print', 'screen'].includes(media)) throw invalidField('emulatedMediaType', media, "'print' or 'screen'");
  const pageRanges = fields.nativePageRanges ?? '';
  if (!/^[\d\s,-]*$/.test(pageRanges)) throw invalidField('nativePageRanges', pageRanges, 'page ranges such as 1-5, 8');
  return {
    media,
    waitMs: parseDuration('waitDelay', fields.waitDelay),
    pdf: {
      width: inches(parseLength('paperWidth', fields.paperWidth, DEFAULTS.paperWidth)),
      height: inches(parseLength('paperHeight', fields.paperHeight, DEFAULTS.paperHeight)),
      margin: {
        top: inches(parseLength('marginTop', fields.marginTop, DEFAULTS.margin)),
        bottom: inches(parseLength('marginBottom', fields.marginBottom, DEFAULTS.margin)),
        left: inches(parseLength('marginLeft', fields.marginLeft, DEFAULTS.margin)),
        right: inches(parseLength('marginRight', fields.marginRight, DEFAULTS.margin)),
      },
      preferCSSPageSize: parseBoolean('preferCssPageSize', fields.preferCssPageSize, false),
      printBackground: parseBoolean('printBackground', fields.printBackground, false),
      omitBackground: parseBoolean('omitBackground', fields.omitBackground, false),
      landscape: parseBoolean('landscape', fields.landscape, false),
      outline: parseBoolean('generateDocumentOutline', fields.generateDocumentOutline, false),
      scale: parseScale(fields.scale),
      pageRanges,
      ...headerFooterOf(files),
    },
  };
}

/** Reads the body, at most `limit` bytes (more is a 413). */
function readBody(request, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        reject(Object.assign(new Error(`request body larger than ${limit} bytes`), { status: 413 }));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The multipart form: its text fields and its files by file name. */
async function parseForm(contentType, body) {
  if (!/^multipart\/form-data/i.test(contentType ?? '')) {
    throw new InvalidFormError("Invalid form data: the request must be 'multipart/form-data'");
  }
  let form;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    throw new InvalidFormError(`Invalid form data: ${error.message}`);
  }
  const fields = {};
  const files = new Map();
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      fields[name] = value;
      continue;
    }
    // the file's own name is what the HTML refers to; a path is cut to its last part
    const fileName = path.posix.basename(value.name.replace(/\\/g, '/'));
    files.set(fileName, {
      body: Buffer.from(await value.arrayBuffer()),
      contentType: CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream',
    });
  }
  if (!files.has('index.html')) throw new InvalidFormError("Invalid form data: form file 'index.html' is required");
  return { fields, files };
}

/**
 * The server. Options: `chromiumPath`, `timeoutMs` (a conversion's limit, then 503), `maxBodyBytes`,
 * `restartAfter` (conversions per browser context, 100), `log` (a function taking a line).
 */
function createGotenbergServer(options = {}) {
  const chromiumPath = options.chromiumPath ?? '/usr/bin/chromium';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const log = options.log ?? ((line) => console.log(line));
  let browserPromise = null;
  let lastLaunchError = null;

  /** One browser, launched on first use and again after it went away. */
  function browser() {
    if (!browserPromise) {
      const { chromium } = require('playwright-core');
      browserPromise = chromium
        .launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS })
        .then((launched) => {
          lastLaunchError = null;
          launched.on('disconnected', () => {
            browserPromise = null;
            generationPromise = null;
          });
          log(`gotenberg-dev: Chromium started (${chromiumPath})`);
          return launched;
        })
        .catch((error) => {
          browserPromise = null;
          lastLaunchError = error.message.split('\n')[0];
          throw new UnavailableError(`Chromium could not start (${chromiumPath}): ${lastLaunchError}`);
        });
    }
    return browserPromise;
  }

  /**
   * The pages conversions run in, as Gotenberg runs them: tabs of one browser context, each page reused
   * by one conversion after another (opening a page starts a renderer process, which costs more than a
   * conversion). Nothing of a conversion reaches the next: its document is written under a path no other
   * conversion has, the page answers only that conversion's files, and JavaScript, cookies set by
   * scripts and service workers are off. Like Gotenberg's restart-after, the context is replaced after
   * RESTART_AFTER conversions, once its pages are idle.
   */
  const IDLE_PAGES = 4;
  const RESTART_AFTER = Number.isInteger(options.restartAfter) && options.restartAfter > 0 ? options.restartAfter : 100;
  let generationPromise = null;

  function newGeneration() {
    const promise = browser()
      .then((launched) => launched.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' }))
      .then((context) => ({ context, idle: [], served: 0, busy: 0, retired: false }));
    promise.catch(() => {
      if (generationPromise === promise) generationPromise = null;
    });
    return promise;
  }

  function currentGeneration() {
    generationPromise ??= newGeneration();
    return generationPromise;
  }

  function closeIfDone(generation) {
    if (generation.retired && generation.busy === 0) generation.context.close().catch(() => undefined);
  }

  /** A page of `generation` whose requests are answered from the files of the conversion it runs, and from nothing else. */
  async function openPage(generation) {
    const page = await generation.context.newPage();
    const slot = { page, generation, prefix: null, files: null, media: null };
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      const own = url.origin === DOCUMENT_ORIGIN && slot.prefix !== null && url.pathname.startsWith(slot.prefix);
      const file = own ? slot.files.get(decodeURIComponent(url.pathname.slice(slot.prefix.length))) : undefined;
      if (!file) return route.abort('blockedbyclient');
      // the document is written into the tab, not loaded from this origin: fonts and the like are cross-origin
      return route.fulfill({ status: 200, contentType: file.contentType, body: file.body, headers: { 'access-control-allow-origin': '*' } });
    });
    return slot;
  }

  async function takeSlot() {
    const generation = await currentGeneration();
    generation.busy += 1;
    generation.served += 1;
    if (generation.served >= RESTART_AFTER) {
      generation.retired = true;
      generationPromise = null;
      log(`gotenberg-dev: a new browser context after ${generation.served} conversions`);
      // the next context and a tab of it are opened now, not on the next conversion's way
      warmUp();
    }
    try {
      return generation.idle.pop() ?? (await openPage(generation));
    } catch (error) {
      generation.busy -= 1;
      closeIfDone(generation);
      throw error;
    }
  }

  /** Back to its context's idle pages after a conversion that went well; closed after one that did not. */
  function releaseSlot(slot, reusable) {
    const { generation } = slot;
    slot.prefix = null;
    slot.files = null;
    generation.busy -= 1;
    if (reusable && !generation.retired && generation.idle.length < IDLE_PAGES && !slot.page.isClosed()) generation.idle.push(slot);
    else slot.page.close().catch(() => undefined);
    closeIfDone(generation);
  }

  /** Starts the browser and a page ahead of the first conversion (a failure shows on /health and in that conversion). */
  function warmUp() {
    currentGeneration()
      .then(async (generation) => {
        if (generation.idle.length === 0 && generation.busy === 0) generation.idle.push(await openPage(generation));
      })
      .catch(() => undefined);
  }

  async function render(files, fields, abandon) {
    const settings = pdfOptionsOf(fields, files);
    const slot = await takeSlot();
    let reusable = false;
    abandon.slot = slot;
    try {
      slot.prefix = `/${randomUUID()}/`;
      slot.files = files;
      const { page } = slot;
      if (slot.media !== settings.media) {
        await page.emulateMedia({ media: settings.media });
        slot.media = settings.media;
      }
      // written into the tab (no navigation to wait for), its relative URLs resolving to this conversion's files
      const html = withBase(files.get('index.html').body.toString('utf8'), `${DOCUMENT_ORIGIN}${slot.prefix}`);
      await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
      if (settings.waitMs) await page.waitForTimeout(settings.waitMs);
      const pdf = await page.pdf(settings.pdf);
      reusable = !abandon.done;
      return pdf;
    } catch (error) {
      if (error instanceof UnavailableError || error.name === 'TimeoutError') throw error;
      // a browser that went away is unavailable; one still there failed on this document
      if (!slot.page.context().browser()?.isConnected()) throw new UnavailableError(`Chromium went away: ${error.message.split('\n')[0]}`);
      throw new ConversionError(error.message.split('\n')[0]);
    } finally {
      if (!abandon.released) {
        abandon.released = true;
        releaseSlot(slot, reusable);
      }
    }
  }

  /** A conversion within `timeoutMs`; past it, its page is closed (never reused) and the answer is a 503. */
  function renderInTime(files, fields) {
    // `released`: the conversion's page went back (or was closed), by the conversion or by its expiry
    const abandon = { done: false, released: false, slot: null };
    let timer;
    const expired = new Promise((_, reject) => {
      timer = setTimeout(() => {
        abandon.done = true;
        if (abandon.slot && !abandon.released) {
          abandon.released = true;
          releaseSlot(abandon.slot, false);
        }
        reject(new UnavailableError(`the conversion took longer than ${timeoutMs} ms`));
      }, timeoutMs);
    });
    return Promise.race([render(files, fields, abandon), expired]).finally(() => clearTimeout(timer));
  }

  function answer(response, status, body, headers = {}) {
    response.writeHead(status, { 'content-type': 'text/plain; charset=UTF-8', ...headers });
    response.end(body);
  }

  async function convert(request, response, trace) {
    const { fields, files } = await parseForm(request.headers['content-type'], await readBody(request, maxBodyBytes));
    // a form field that is not valid is refused before Chromium is involved
    pdfOptionsOf(fields);
    const pdf = await renderInTime(files, fields);
    const fileName = `${request.headers['gotenberg-output-filename'] ?? trace}.pdf`.replace(/["\r\n]/g, '');
    response.writeHead(200, {
      'content-type': 'application/pdf',
      'content-length': pdf.length,
      'content-disposition': `attachment; filename="${fileName}"`,
      'gotenberg-trace': trace,
    });
    response.end(pdf);
  }

  const server = http.createServer((request, response) => {
    const trace = request.headers['gotenberg-trace'] ?? randomUUID();
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === '/health' && (request.method === 'GET' || request.method === 'HEAD')) {
      const up = lastLaunchError === null;
      const chromium = up ? { status: 'up' } : { status: 'down', error: lastLaunchError };
      response.writeHead(up ? 200 : 503, { 'content-type': 'application/json' });
      response.end(request.method === 'HEAD' ? undefined : JSON.stringify({ status: up ? 'up' : 'down', details: { chromium } }));
      return;
    }
    if (pathname === '/version' && request.method === 'GET') return answer(response, 200, '8.x-gotenberg-dev');
    if (pathname !== '/forms/chromium/convert/html') return answer(response, 404, 'Not Found');
    if (request.method !== 'POST') return answer(response, 405, 'Method Not Allowed');
    const started = Date.now();
    convert(request, response, trace).then(
      () => log(`gotenberg-dev: converted in ${Date.now() - started} ms (trace ${trace})`),
      (error) => {
        if (error instanceof InvalidFormError) return answer(response, 400, error.message, { 'gotenberg-trace': trace });
        if (error.status === 413) return answer(response, 413, 'Request Entity Too Large', { 'gotenberg-trace': trace });
        log(`gotenberg-dev: conversion failed (trace ${trace}): ${error.message.split('\n')[0]}`);
        if (error instanceof ConversionError) return answer(response, 500, 'Internal Server Error', { 'gotenberg-trace': trace });
        // Gotenberg answers 503 when Chromium is unavailable or the conversion times out
        return answer(response, 503, 'Service Unavailable', { 'gotenberg-trace': trace });
      },
    );
  });

  return {
    server,
    /** Listens on `port` (0: any free port) and resolves with the port. */
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          warmUp();
          resolve(server.address().port);
        });
      });
    },
    async close() {
      await new Promise((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      const running = browserPromise;
      browserPromise = null;
      generationPromise = null;
      await running?.then((launched) => launched.close()).catch(() => undefined);
    },
  };
}

module.exports = { createGotenbergServer, pdfOptionsOf, CHROMIUM_ARGS, DOCUMENT_ORIGIN };
