import { rpcPattern } from './subjects';

export type ComponentStatus = 'up' | 'down';

/** What a service answers to its health pattern. */
export interface ServiceHealth {
  service: string;
  status: ComponentStatus;
  database: ComponentStatus;
}

export class ComponentHealth {
  status: ComponentStatus;
  /** why the component is down */
  detail?: string;
}

/** The gateway's /api/health body. */
export class HealthReport {
  status: 'ok' | 'error';
  /** by component name: each service, postgres and redis */
  components: Record<string, ComponentHealth>;
}

export const IDENTITY_HEALTH = rpcPattern<Record<string, never>, ServiceHealth>('identity.health');
export const TENANCY_HEALTH = rpcPattern<Record<string, never>, ServiceHealth>('tenancy.health');
