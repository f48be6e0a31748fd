import { Controller, Module } from '@nestjs/common';
import {
  CATALOGUE_PRODUCT_TEXTS,
  CUSTOMERS_GET,
  type CustomerView,
  DOCUMENT_QUEUE,
  type DocumentJobData,
  type DocumentJobResult,
  documentQueuePrefix,
  type ProductTexts,
  type QuoteDetailView,
  QUOTES_GET,
  type RpcRequest,
  type RpcResponse,
  TENANTS_GET,
  type TenantView,
} from '@quotebook/contracts';
import { QUOTE_MESSAGES } from '@quotebook/domain';
import { appError, DiskFileStorage, Handles } from '@quotebook/server-core';
import { TEST_REDIS_URL } from '@quotebook/testing';
import { startStandIn, useServiceHarness, type ServiceDefinition } from '@quotebook/testing/harness';
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentsModule } from '../app.module';
import { DocumentsEnv } from '../env';

/** The documents service as main.ts runs it. */
export const documentsService: ServiceDefinition<DocumentsEnv> = {
  name: 'documents',
  envClass: DocumentsEnv,
  createModule: (env) => DocumentsModule.forRoot(env),
};

/** What the neighbours know, by id: quotes (quoting), agencies (tenancy) and customers (the catalogue). */
export const neighbours = {
  quotes: new Map<string, { tenantId: string; quote: QuoteDetailView }>(),
  agencies: new Map<string, TenantView>(),
  customers: new Map<string, { tenantId: string; customer: CustomerView }>(),
  /** the catalogue's products' texts, by `<product id>:<language>` */
  productTexts: new Map<string, { tenantId: string; texts: ProductTexts }>(),
  /** What the neighbours were asked and answered, in order: "quote asked", "quote answered", "customer asked" */
  heard: [] as string[],
  /** Awaited before a quote is answered (a slow quoting) */
  quoteAnswers: async (): Promise<void> => undefined,
};

/** Quoting, tenancy and the catalogue as the documents service asks them, played by one real NATS responder. */
@Controller()
class NeighboursStandInController {
  @Handles(QUOTES_GET)
  async quote({ tenantId, id }: RpcRequest<typeof QUOTES_GET>): Promise<RpcResponse<typeof QUOTES_GET>> {
    neighbours.heard.push('quote asked');
    await neighbours.quoteAnswers();
    neighbours.heard.push('quote answered');
    const found = neighbours.quotes.get(id);
    if (!found || found.tenantId !== tenantId) throw appError('NOT_FOUND', QUOTE_MESSAGES.quoteNotFound);
    return found.quote;
  }

  @Handles(TENANTS_GET)
  async agency({ tenantId }: RpcRequest<typeof TENANTS_GET>): Promise<RpcResponse<typeof TENANTS_GET>> {
    const agency = neighbours.agencies.get(tenantId);
    if (!agency) throw appError('TENANT_NOT_FOUND', 'Tenant not found');
    return agency;
  }

  @Handles(CUSTOMERS_GET)
  async customer({ tenantId, id }: RpcRequest<typeof CUSTOMERS_GET>): Promise<RpcResponse<typeof CUSTOMERS_GET>> {
    neighbours.heard.push('customer asked');
    const found = neighbours.customers.get(id);
    if (!found || found.tenantId !== tenantId) throw appError('NOT_FOUND', 'Customer not found');
    return found.customer;
  }

  @Handles(CATALOGUE_PRODUCT_TEXTS)
  async productTexts({ tenantId, productIds, language }: RpcRequest<typeof CATALOGUE_PRODUCT_TEXTS>): Promise<RpcResponse<typeof CATALOGUE_PRODUCT_TEXTS>> {
    neighbours.heard.push(`texts asked in ${language}`);
    return productIds.flatMap((id) => {
      const found = neighbours.productTexts.get(`${id}:${language}`);
      return found && found.tenantId === tenantId ? [found.texts] : [];
    });
  }
}

@Module({ controllers: [NeighboursStandInController] })
class NeighboursStandInModule {}

/** A folder of this test file's own, removed when the process ends. */
function temporaryFolder(label: string): string {
  const folder = mkdtempSync(join(tmpdir(), `qb-documents-${label}-`));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * The documents service in this process for the tests of the enclosing `describe`, with its neighbours
 * played by a stand-in, its own storage and upload folders, and renders that end after `jobTimeoutMs`.
 */
export function useDocumentsHarness({ jobTimeoutMs = 6000 } = {}) {
  const storageDir = temporaryFolder('storage');
  const uploadDir = temporaryFolder('uploads');
  const harness = useServiceHarness(documentsService, {
    env: { STORAGE_DIR: storageDir, UPLOAD_DIR: uploadDir, DOCUMENT_JOB_TIMEOUT_MS: String(jobTimeoutMs) },
    companions: { neighbours: () => startStandIn(NeighboursStandInModule, 'documents-neighbours') },
  });
  return { harness, storage: new DiskFileStorage(storageDir), uploadDir };
}

/**
 * A BullMQ worker of this test file's document queue standing in for documents-worker: `render` says
 * what a job does (by default it writes a small fake file under the job's key).
 */
export async function startFakeWorker(
  render: (data: DocumentJobData) => Promise<Buffer> = async (data) => Buffer.from(`%fake ${data.format}\n${data.html.length}`),
  write: (key: string, file: Buffer) => Promise<void>,
) {
  const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const jobs: DocumentJobData[] = [];
  const worker = new Worker<DocumentJobData, DocumentJobResult>(
    DOCUMENT_QUEUE,
    async (job) => {
      jobs.push(job.data);
      const file = await render(job.data);
      await write(job.data.storageKey, file);
      return { storageKey: job.data.storageKey, bytes: file.length };
    },
    { connection, prefix: documentQueuePrefix(process.env['REDIS_KEY_PREFIX'] ?? 'qb:') },
  );
  await worker.waitUntilReady();
  return {
    jobs,
    async stop() {
      await worker.close();
      connection.disconnect();
    },
  };
}

export { adminOf, superadmin, userOf } from '@quotebook/testing';
export { registerTenantState, rpcError } from '@quotebook/testing/rpc';
