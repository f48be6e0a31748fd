import { appError } from '@quotebook/server-core';
import type { EntityManager } from 'typeorm';

/**
 * The largest a quote with its items and consumptions may be as JSON: it crosses the bus whole, in one
 * message of at most 1 MB, with room left for the reply around it. Each text has a maximum length, but
 * 200 items and 500 consumptions of long descriptions in characters that take several bytes add up.
 */
export const QUOTE_DETAIL_MAX_BYTES = 896 * 1024;

/** What a view adds at most to its row's JSON (the short id, number, counts, VAT label, an item's net, VAT and gross). */
const VIEW_EXTRA_BYTES = { quote: 768, item: 384, consumption: 128 };

/** Refuses the write that made the quote too large to answer; it runs before the transaction commits. */
export async function assertQuoteFits(manager: EntityManager, tenantId: string, quoteId: string): Promise<void> {
  const [{ bytes }]: { bytes: number }[] = await manager.query(
    `SELECT (octet_length(to_json(quote)::text) + $3
             + coalesce((SELECT sum(octet_length(to_json(item)::text) + $4) FROM quoting.quote_items item
                          WHERE item.tenant_id = quote.tenant_id AND item.quote_id = quote.id), 0)
             + coalesce((SELECT sum(octet_length(to_json(consumption)::text) + $5) FROM quoting.service_consumptions consumption
                          WHERE consumption.tenant_id = quote.tenant_id AND consumption.quote_id = quote.id), 0))::int AS bytes
       FROM quoting.quotes quote WHERE quote.tenant_id = $1 AND quote.id = $2`,
    [tenantId, quoteId, VIEW_EXTRA_BYTES.quote, VIEW_EXTRA_BYTES.item, VIEW_EXTRA_BYTES.consumption],
  );
  if (bytes > QUOTE_DETAIL_MAX_BYTES) {
    throw appError('VALIDATION_FAILED', [
      `description: the quote with its items and consumptions may take at most ${QUOTE_DETAIL_MAX_BYTES / 1024} KB; shorten descriptions or the service notes`,
    ]);
  }
}
