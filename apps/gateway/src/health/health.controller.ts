import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { CATALOGUE_HEALTH, DOCUMENTS_HEALTH, ComponentStatus, HealthReport, IDENTITY_HEALTH, QUOTING_HEALTH, RpcPattern, ServiceHealth, TENANCY_HEALTH } from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import type { FastifyReply as Response } from 'fastify';
import type Redis from 'ioredis';
import { Public } from '../common/principal.decorator';
import { REDIS } from '../common/redis';

const SERVICE_HEALTH: Record<string, RpcPattern<Record<string, never>, ServiceHealth>> = {
  identity: IDENTITY_HEALTH,
  tenancy: TENANCY_HEALTH,
  catalogue: CATALOGUE_HEALTH,
  quoting: QUOTING_HEALTH,
  documents: DOCUMENTS_HEALTH,
};
const PROBE_TIMEOUT_MS = 1500;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** 200 only when every service answers over NATS and PostgreSQL and Redis are reachable; else 503. */
  @Public()
  @Get()
  @ApiServiceUnavailableResponse({ type: HealthReport, description: 'A component is down' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const components: HealthReport['components'] = {};
    const databaseReports: ComponentStatus[] = [];
    await Promise.all([
      ...Object.entries(SERVICE_HEALTH).map(async ([name, pattern]) => {
        try {
          const health = await this.rpc.send(pattern, {}, PROBE_TIMEOUT_MS);
          components[name] = { status: 'up' };
          databaseReports.push(health.database);
        } catch (error) {
          components[name] = { status: 'down', detail: describe(error) };
        }
      }),
      this.pingRedis().then((redis) => (components['redis'] = redis)),
    ]);
    components['postgres'] =
      databaseReports.length === 0
        ? { status: 'down', detail: 'no service could report on the database' }
        : databaseReports.every((status) => status === 'up')
          ? { status: 'up' }
          : { status: 'down', detail: 'a service cannot reach its database' };
    const healthy = Object.values(components).every((component) => component.status === 'up');
    response.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'error', components: sortKeys(components) };
  }

  private async pingRedis(): Promise<{ status: ComponentStatus; detail?: string }> {
    try {
      await Promise.race([
        this.redis.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), PROBE_TIMEOUT_MS).unref()),
      ]);
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', detail: (error as Error).message };
    }
  }
}

function describe(error: unknown): string {
  const inner = (error as { getError?: () => unknown }).getError?.() ?? error;
  const message = (inner as { message?: unknown }).message;
  return typeof message === 'string' ? message : 'no answer';
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
