import { METHOD_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnv } from '@quotebook/server-core';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGatewayApp } from '../bootstrap';
import { GatewayEnv } from '../env';
import { GatewayHttpAdapter } from './gateway-http-adapter';

/**
 * The routes of the gateway that Nest's router still serves, and why: each uses something the direct
 * handlers do not do (direct-routes.ts). Every other route is served directly; a route that falls back
 * to Nest unnoticed (a new decorator, a Nest upgrade that no longer carries a method's metadata to the
 * handler it registers) fails here.
 */
const SERVED_BY_NEST = [
  // @Header(): a header of its own
  'CatalogueCsvController.exportCustomers',
  'CatalogueCsvController.exportProducts',
  'InvoicesController.file',
];

describe('the gateway routes served directly', () => {
  const uploads = mkdtempSync(path.join(tmpdir(), 'direct-routes-'));
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const env = loadEnv(GatewayEnv, {
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LINK_SECRET: randomBytes(32).toString('hex'),
      NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      UPLOAD_DIR: uploads,
      WEB_DIST_DIR: path.join(uploads, 'no-web-build'),
      LOG_LEVEL: 'error',
    });
    app = (await createGatewayApp(env)) as NestFastifyApplication;
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('serves every route directly but those that need Nest’s router', () => {
    const adapter = app.getHttpAdapter() as unknown as GatewayHttpAdapter;
    const byNest: string[] = [];
    let direct = 0;
    const scanner = new MetadataScanner();
    for (const module of app.get(ModulesContainer).values()) {
      for (const { metatype } of module.controllers.values()) {
        if (!metatype) continue;
        const prototype = metatype.prototype as Record<string, unknown>;
        for (const name of scanner.getAllMethodNames(prototype)) {
          const method = prototype[name] as object;
          if (Reflect.getMetadata(METHOD_METADATA, method) === undefined) continue;
          if (adapter.routesServedDirectly.has(method)) direct += 1;
          else byNest.push(`${metatype.name}.${name}`);
        }
      }
    }
    expect(byNest.sort()).toEqual(SERVED_BY_NEST);
    expect(direct).toBeGreaterThan(50);
  });

  it('answers through the global guards and filter on a route served directly', async () => {
    const list = `/api/tenants/${randomUUID()}/vat-rates`;
    const anonymous = await app.inject({ method: 'GET', url: list });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ statusCode: 401, reason: 'UNAUTHENTICATED' });
    expect(anonymous.headers['x-request-id']).toEqual(expect.any(String));
    expect(anonymous.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
