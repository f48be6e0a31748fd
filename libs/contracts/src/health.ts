import { rpcPattern } from './subjects';

export type ComponentStatus = 'up' | 'down';

/** What a service answers to its health pattern. */
export interface ServiceHealth {
  service: string;
  status: ComponentStatus;
  database: ComponentStatus;
}

/** The gateway's /api/health body. */
export interface HealthReport {
  status: 'ok' | 'error';
  components: Record<string, { status: ComponentStatus; detail?: string }>;
}

export const IDENTITY_HEALTH = rpcPattern<Record<string, never>, ServiceHealth>('identity.health');
export const TENANCY_HEALTH = rpcPattern<Record<string, never>, ServiceHealth>('tenancy.health');
