import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Principal, ProductTexts } from '@quotebook/contracts';
import { DEFAULT_LANGUAGE, plainText } from '@quotebook/domain';
import { requireTenantAccess } from '@quotebook/server-core';
import { readTenant } from '@quotebook/server-core/service';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';

/**
 * At most this many products are asked for at once (a quote's lines), and each short description is cut
 * to this many characters: the answer of a quote of long descriptions stays far under one message.
 */
export const PRODUCT_TEXTS_MAX_IDS = 1000;
export const PRODUCT_SHORT_TEXT_MAX = 2000;

/**
 * The products' title and short description in one language, for a document or a public quote page:
 * each text in that language where the product has it, else the Italian one (a product goes by its
 * Italian title). The description is plain text (the catalogue keeps it as formatted HTML; a quote's
 * line prints it as text). Ids of another agency, unknown ids and ids that are no UUID are left out.
 */
@Injectable()
export class ProductTextsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async textsIn(principal: Principal, tenantId: string, productIds: readonly unknown[], language: string): Promise<ProductTexts[]> {
    requireTenantAccess(principal, tenantId);
    const ids = [...new Set((Array.isArray(productIds) ? productIds : []).filter((id): id is string => typeof id === 'string' && isUUID(id)))].slice(
      0,
      PRODUCT_TEXTS_MAX_IDS,
    );
    if (ids.length === 0) return [];
    const wanted = typeof language === 'string' && /^[a-z]{2}$/.test(language) ? language : DEFAULT_LANGUAGE;
    const rows: { id: string; title: string | null; short_description: string | null }[] = await readTenant(this.dataSource, tenantId, (manager) =>
      manager.query(
        `SELECT product.id,
                coalesce(nullif(btrim(product.titles ->> $3), ''), nullif(btrim(product.titles ->> $4), '')) AS title,
                left(coalesce(nullif(btrim(product.short_descriptions ->> $3), ''), nullif(btrim(product.short_descriptions ->> $4), '')), $5) AS short_description
           FROM catalogue.products product
          WHERE product.tenant_id = $1 AND product.id = ANY($2::uuid[])`,
        // the HTML is cut before it is made plain: its tags take some of the room, never more text than the bound
        [tenantId, ids, wanted, DEFAULT_LANGUAGE, PRODUCT_SHORT_TEXT_MAX * 4],
      ),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [{ id, title: row.title, shortDescription: shortText(plainText(row.short_description)) }];
    });
  }
}


function shortText(text: string | null): string | null {
  if (text === null || text.length <= PRODUCT_SHORT_TEXT_MAX) return text;
  return `${text.slice(0, PRODUCT_SHORT_TEXT_MAX - 1).trimEnd()}…`;
}
