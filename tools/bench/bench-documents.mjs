// The documents part of `npm run bench` (see bench.mjs): a quote's PDF through the gateway (documents
// service, render queue, worker, gotenberg-dev's Chromium) against a bare Chromium page.pdf() of the
// same HTML in this process; PDFs per second; a cached document; a Word file.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { call, column, logSince, logSize, ms, PAIR_HEADER, pairLine, summary, throughput, timed } from './bench-kit.mjs';
import { QUOTES, quotesOf } from './bench-quoting.mjs';

const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 8);
const BATCH = Number(process.env.BENCH_PDF_BATCH ?? 4);
const PDF_SECONDS = Number(process.env.BENCH_PDF_SECONDS ?? 8);
const PDF_CLIENTS = Number(process.env.BENCH_PDF_CLIENTS ?? 4);
const DOCX_CALLS = Number(process.env.BENCH_DOCX_CALLS ?? 6);
const CACHED_CALLS = 40;
const BUDGET = { pdfP50Ratio: 1.5, cachedP50Ms: 20 };
/** Quotes seeded when this part runs without the quoting part: enough distinct quotes to render. */
const QUOTES_ALONE = Math.min(QUOTES, 10000);

/** The bare renderer: Debian's Chromium, headless, with no traffic of its own and JavaScript off. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const A4 = { format: 'A4', margin: { top: '2cm', right: '2cm', bottom: '2cm', left: '2cm' } };

const TEMPLATES = [
  {
    templateType: 'premessa',
    title: 'Premessa',
    content:
      '<p>Gentile cliente,</p><p>siamo lieti di sottoporle la nostra <strong>migliore proposta</strong> per il servizio richiesto. ' +
      'Il preventivo comprende le attività elencate di seguito, con i prezzi per partecipante e l’IVA indicata per ciascuna voce.</p>',
  },
  {
    templateType: 'condizioni',
    title: 'Condizioni generali',
    content:
      '<h3>Pagamento</h3><ul><li>Acconto del 30% alla conferma.</li><li>Saldo entro 7 giorni dalla data del servizio.</li></ul>' +
      '<h3>Annullamento</h3><p>Annullamento gratuito fino a 15 giorni prima del servizio; in seguito è dovuto il 50% dell’importo.</p>' +
      '<p style="text-align: right"><em>La direzione</em></p>',
  },
];

/** The agency's layout as agencies make them: a template, the quote's table, another template. */
async function documentLayout(stack) {
  const base = stack.stack.baseUrl;
  const route = `/api/tenants/${stack.tenant.id}`;
  const ids = [];
  for (const template of TEMPLATES) {
    ids.push((await call(base, 'POST', `${route}/quote-templates`, { token: stack.token, body: { ...template, headerPrint: true } })).id);
  }
  const layout = await call(base, 'POST', `${route}/quote-layouts`, {
    token: stack.token,
    body: { name: 'Standard', elements: [{ type: 'template', templateId: ids[0] }, { type: 'quotes' }, { type: 'template', templateId: ids[1] }] },
  });
  return layout.id;
}

const CONTENT_TYPES = { preview: 'text/html', pdf: 'application/pdf', word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

/** The stack's calls: generate-document in a format (the answer's bytes), and a new subject for a quote (so its next document is new). */
function gatewayDocuments(stack, layoutId) {
  const route = `/api/tenants/${stack.tenant.id}/quotes`;
  return {
    async generate(quoteId, format) {
      const answer = await stack.client.ok('POST', `${route}/${quoteId}/generate-document`, { layoutId, format });
      if (!String(answer.headers['content-type']).startsWith(CONTENT_TYPES[format])) throw new Error(`generate-document ${format} answered ${answer.headers['content-type']}`);
      return answer.body;
    },
    async renew(quoteId) {
      await stack.client.ok('PUT', `${route}/${quoteId}`, { subject: `Gita in barca ${randomBytes(6).toString('hex')}` });
    },
  };
}

/** How long the bare browser is left alone after it closed or opened a page, before anything is timed. */
const SETTLE_MS = 250;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * The bare baseline: one warm browser in this process, JavaScript off; each document in a fresh context
 * and page of its own, opened before the document's turn and closed after it, so that only setContent
 * and page.pdf() are timed. The browser is left to settle after each close and open (tearing a renderer
 * down and starting one go on after the calls return), so that neither this baseline nor the stack is
 * timed while it does. Also timed, printed beside it: `warm(html)`, the same in one page reused for
 * every document.
 */
async function bareChromium() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const openPage = async () => (await browser.newContext({ javaScriptEnabled: false })).newPage();
  const warmPage = await openPage();
  let next = null;
  let done = null;
  const print = async (page, html) => {
    await page.setContent(html);
    return page.pdf(A4);
  };
  return {
    /** Closes the last document's page and opens the next one's, each followed by a pause (not timed). */
    async prepare() {
      await this.release();
      if (!next) {
        next = await openPage();
        await settle();
      }
    },
    /** Closes the last document's page and waits for the browser to settle (not timed). */
    async release() {
      if (!done) return;
      await done.context().close();
      done = null;
      await settle();
    },
    async pdf(html) {
      const page = next ?? (await openPage());
      next = null;
      done = page;
      return print(page, html);
    },
    warm: (html) => print(warmPage, html),
    async stop() {
      await done?.context().close();
      await browser.close();
    },
  };
}

const millisecondsIn = (text, pattern) => [...text.matchAll(pattern)].map((match) => Number(match[1]));

const isPdf = (body) => body.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 *   PDF end to end   POST .../quotes/{quoteId}/generate-document { layoutId, format: 'pdf' }, the quote's
 *                    subject changed before each (untimed), against page.setContent + page.pdf of the same
 *                    HTML (the preview's) in a warm Chromium     budget: gateway p50 ≤ 1.5 × baseline p50
 *   PDFs per second  concurrent requests for distinct quotes      (printed)
 *   cached           the same request again                       budget: p50 ≤ 20 ms
 *   Word             format 'word', a new subject before each     (printed)
 */
export async function benchDocuments(stacks) {
  const seeded = [];
  for (const stack of stacks) seeded.push(await quotesOf(stack, stack.quotes ? {} : { agencies: 1, quotes: QUOTES_ALONE }));
  const targets = [];
  for (const stack of stacks) targets.push(gatewayDocuments(stack, await documentLayout(stack)));
  const bare = await bareChromium();
  try {
    // one quote of 5 items per stack, and the HTML its PDF is made of, as the preview answers it (the
    // agency has no logo and the templates no signature: no image; the preview carries the running
    // header and page numbers as CSS page margins where the PDF sends them as Gotenberg's header and
    // footer, the same work for Chromium)
    const quoteOf = (index) => seeded[index].documentIds[0];
    const htmls = [];
    const nextDocument = async (index) => {
      await targets[index].renew(quoteOf(index));
      const html = (await targets[index].generate(quoteOf(index), 'preview')).toString('utf8');
      if (index === 0) htmls.push(html);
    };
    // warm-up: the browsers, the queue, the connections
    for (const [index, target] of targets.entries()) {
      for (let i = 0; i < 2; i += 1) {
        await nextDocument(index);
        if (!isPdf(await target.generate(quoteOf(index), 'pdf'))) throw new Error(`${stacks[index].label}: generate-document did not answer a PDF`);
      }
    }
    for (const html of htmls.slice(-2)) if (!isPdf(await bare.prepare().then(() => bare.pdf(html)))) throw new Error('page.pdf() did not make a PDF');

    // PDF end to end against the bare page.pdf(), batches alternating; each request's HTML is new
    const logStart = stacks.map((stack) => ({ worker: logSize(stack, 'documents-worker'), gotenberg: logSize(stack, 'gotenberg-dev') }));
    const pdfTimings = stacks.map(() => []);
    const bareTimings = [];
    const warmTimings = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, target] of targets.entries()) {
        for (let i = 0; i < BATCH; i += 1) {
          await nextDocument(index);
          const { ms: took, result } = await timed(() => target.generate(quoteOf(index), 'pdf'));
          if (!isPdf(result)) throw new Error('generate-document did not answer a PDF');
          pdfTimings[index].push(took);
        }
      }
      for (let i = 0; i < BATCH; i += 1) {
        await bare.prepare();
        bareTimings.push((await timed(() => bare.pdf(htmls[htmls.length - BATCH + i]))).ms);
        warmTimings.push((await timed(() => bare.warm(htmls[htmls.length - BATCH + i]))).ms);
      }
      await bare.release();
    }
    const pdf = pdfTimings.map(summary);
    const bareSummary = summary(bareTimings);
    const warmSummary = summary(warmTimings);
    // where the time goes: the worker's job (fetching nothing, posting to gotenberg-dev, storing) and
    // gotenberg-dev's conversion (new context, page, PDF), as their logs say
    const inside = stacks.map((stack, index) => {
      const jobs = millisecondsIn(logSince(stack, 'documents-worker', logStart[index].worker), /: pdf \S+ \(\d+ bytes\) rendered in (\d+) ms/g);
      const converted = millisecondsIn(logSince(stack, 'gotenberg-dev', logStart[index].gotenberg), /converted in (\d+) ms/g);
      return { jobs: jobs.length ? summary(jobs) : null, rendered: jobs.length, converted: converted.length ? summary(converted) : null };
    });
    for (const [index, { rendered }] of inside.entries()) {
      if (rendered !== ROUNDS * BATCH) throw new Error(`${stacks[index].label}: ${rendered} renders for ${ROUNDS * BATCH} PDF requests (each should be a new document)`);
    }

    // a cached document: the very request again, answered without a render
    const cached = [];
    for (const [index, target] of targets.entries()) {
      const logged = logSize(stacks[index], 'documents-worker');
      for (let i = 0; i < 3; i += 1) await target.generate(quoteOf(index), 'pdf');
      const timings = [];
      for (let i = 0; i < CACHED_CALLS; i += 1) timings.push((await timed(() => target.generate(quoteOf(index), 'pdf'))).ms);
      if (/ rendered in /.test(logSince(stacks[index], 'documents-worker', logged))) throw new Error(`${stacks[index].label}: the same PDF request was rendered again`);
      cached.push(summary(timings));
    }

    // Word files, each of a new document
    const word = [];
    for (const [index, target] of targets.entries()) {
      const timings = [];
      for (let i = 0; i < DOCX_CALLS; i += 1) {
        await targets[index].renew(quoteOf(index));
        timings.push((await timed(() => target.generate(quoteOf(index), 'word'))).ms);
      }
      word.push(summary(timings));
    }

    // PDFs per second: clients at once, each request for a quote not rendered before
    const rates = [];
    for (const [index, target] of targets.entries()) {
      const pool = seeded[index].documentIds.slice(1);
      let next = 0;
      const { done, seconds } = await throughput(
        async () => {
          if (next >= pool.length) throw new Error(`more than ${pool.length} PDFs in ${PDF_SECONDS} s: seed more quotes`);
          await target.generate(pool[next++], 'pdf');
        },
        PDF_SECONDS,
        PDF_CLIENTS,
      );
      rates.push(done / seconds);
    }

    const lines = [
      `a quote of 5 items in a layout of a template, the quote's table and another template, A4; ${ROUNDS} alternating rounds of ${BATCH} PDFs ` +
        `per target, each of a new HTML; ${PDF_CLIENTS} concurrent clients for ${PDF_SECONDS} s per stack on ${os.cpus().length} cores`,
      PAIR_HEADER,
    ];
    const solo = (label, figures, note = '') =>
      `${label.padEnd(44)}${column(figures ? ms(figures.p50) : '-', 13)}${column(figures ? ms(figures.p95) : '-', 11)}${''.padEnd(25)}  ${note}`.trimEnd();
    for (const [index, stack] of stacks.entries()) {
      const tag = stacks.length > 1 ? ` [${stack.label}]` : '';
      const { jobs, converted } = inside[index];
      lines.push(
        pairLine(`PDF end to end vs bare page.pdf()${tag}`, pdf[index], bareSummary, `p50 ${(pdf[index].p50 / bareSummary.p50).toFixed(2)}x, p95 ${(pdf[index].p95 / bareSummary.p95).toFixed(2)}x`),
        pairLine(`  the same vs page.pdf() in one reused page${tag}`, pdf[index], warmSummary, `p50 ${(pdf[index].p50 / warmSummary.p50).toFixed(2)}x (printed, no budget)`),
        solo(`  of which the worker's job${tag}`, jobs, 'posting to gotenberg-dev and storing the file'),
        solo(`  of which gotenberg-dev's conversion${tag}`, converted, 'load the document into a warm tab, then page.pdf()'),
        `${`PDFs, ${PDF_CLIENTS} concurrent clients${tag}`.padEnd(44)}${column(`${rates[index].toFixed(1)} PDF/s`, 13)}`,
        solo(`cached PDF (the same request again)${tag}`, cached[index]),
        solo(`Word file end to end${tag}`, word[index]),
      );
    }
    const verdicts = [
      [`PDF end to end p50 ${(pdf[0].p50 / bareSummary.p50).toFixed(2)}x ≤ ${BUDGET.pdfP50Ratio}x bare page.pdf()`, pdf[0].p50 <= BUDGET.pdfP50Ratio * bareSummary.p50],
      [`cached PDF p50 ${ms(cached[0].p50)} ≤ ${BUDGET.cachedP50Ms} ms`, cached[0].p50 <= BUDGET.cachedP50Ms],
    ];
    return { lines, verdicts };
  } finally {
    await bare.stop().catch(() => undefined);
  }
}
