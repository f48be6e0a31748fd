import { Module } from '@nestjs/common';
import { TenantDeletedListener } from './tenant-deleted.listener';
import { TenantPurgeService } from './tenant-purge.service';

/** Forgets a deleted tenant: its whole catalogue goes when tenancy announces the deletion. */
@Module({ providers: [TenantPurgeService, TenantDeletedListener] })
export class TenantPurgeModule {}
