import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FileStorage } from '@quotebook/server-core';
import { type TenantPurger, withTenant } from '@quotebook/server-core/service';
import { DataSource } from 'typeorm';
import { StarterKitService } from '../starter-kit/starter-kit.service';

/** Children before the parents their foreign keys protect (elements keep templates). */
const PURGE_ORDER = ['quote_layout_elements', 'quote_layouts', 'quote_templates', 'signature_uploads'] as const;

/** What the agency has in the shared storage: its signature images, generated documents and copied logos. */
const STORAGE_FOLDERS = ['signatures', 'documents', 'assets'] as const;

@Injectable()
export class TenantPurgeService implements TenantPurger {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: FileStorage,
    private readonly starterKit: StarterKitService,
  ) {}

  /** Removes every row of the tenant in one transaction, then its files; returns how many rows went. */
  async purgeTenant(tenantId: string): Promise<number> {
    const removed = await withTenant(this.dataSource, tenantId, async (manager) => {
      let rows = 0;
      for (const table of PURGE_ORDER) {
        const [, affected]: [unknown, number] = await manager.query(`DELETE FROM documents.${table} WHERE tenant_id = $1`, [tenantId]);
        rows += affected;
      }
      // only the mark that the agency was served stays, so a late announcement of its creation gives it nothing
      await this.starterKit.forget(manager, tenantId);
      return rows;
    });
    for (const folder of STORAGE_FOLDERS) await this.storage.deletePrefix(`${folder}/${tenantId}`);
    return removed;
  }
}
