import { DEFAULT_TIME_ZONE, formatCents, quoteTotalCents, type QuoteStatus, toCents } from '@quotebook/domain';
import { grantRuntimeRole, isolateTenantRows } from '@quotebook/server-core/service';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { QUOTING_RUNTIME_ROLE as APP_ROLE } from '../quoting.schema';
import { figuredItem, figuresOfQuote } from '../quotes/quote-figures';

/** The tables whose existing rows are filled in: row-level security would show the migration none. */
const BACKFILLED = ['quotes', 'quote_items', 'service_consumptions'] as const;

/** A quote as it was before this migration, with what its total is made of. */
interface StoredQuote {
  id: string;
  status: QuoteStatus;
  total_amount: string;
  consumptions: string;
  items: { total_price: string; price_includes_vat: boolean; vat_rate: string | null; order_confirmed: boolean }[];
}

/**
 * One meaning of a quote's money, and what a quote keeps of its making:
 * - the total is gross (VAT included), stored with its net and VAT; a total set by hand is kept apart
 *   (manual_total, null when the total follows the items) and so is the confirmed items' gross;
 * - each item keeps whether its product had a price on the service date, its price before the price
 *   list, the period's minimum, the participants charged and the catalogue's short description;
 * - a progressive number per agency and creation year, from a counter per agency and year;
 * - who created the quote (null for the quotes from before).
 * Existing quotes are numbered per agency and year in creation order, and their figures worked out by
 * the shared engine: a stored total that is what the items added up to becomes the gross total, any
 * other was typed by someone and stays, as the total set by hand.
 */
export class QuoteFigures1769558400000 implements MigrationInterface {
  name = 'QuoteFigures1769558400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "quoting"."quotes"
        ADD COLUMN "manual_total" numeric(10,2) NULL,
        ADD COLUMN "net_amount" numeric(10,2) NOT NULL DEFAULT 0,
        ADD COLUMN "vat_amount" numeric(10,2) NOT NULL DEFAULT 0,
        ADD COLUMN "confirmed_amount" numeric(10,2) NOT NULL DEFAULT 0,
        ADD COLUMN "number_year" integer NULL,
        ADD COLUMN "number_seq" integer NULL,
        ADD COLUMN "created_by" uuid NULL,
        ADD COLUMN "created_by_name" text NULL,
        ADD CONSTRAINT "quotes_manual_total_check" CHECK ("manual_total" >= 0)`);
    await queryRunner.query(`
      ALTER TABLE "quoting"."quote_items"
        ADD COLUMN "available" boolean NOT NULL DEFAULT true,
        ADD COLUMN "list_price" numeric(10,2) NULL,
        ADD COLUMN "min_participants" integer NULL,
        ADD COLUMN "charged_participants" integer NOT NULL DEFAULT 0,
        ADD COLUMN "catalogue_description" text NULL,
        ADD CONSTRAINT "quote_items_charged_participants_check" CHECK ("charged_participants" >= 0)`);
    await queryRunner.query(`
      CREATE TABLE "quoting"."quote_numbers" (
        "tenant_id" uuid NOT NULL,
        "year" integer NOT NULL,
        "last_seq" integer NOT NULL,
        CONSTRAINT "quote_numbers_pkey" PRIMARY KEY ("tenant_id", "year"),
        CONSTRAINT "quote_numbers_last_seq_check" CHECK ("last_seq" >= 1)
      )`);

    for (const table of BACKFILLED) await queryRunner.query(`ALTER TABLE "quoting"."${table}" NO FORCE ROW LEVEL SECURITY`);
    await numberExistingQuotes(queryRunner);
    await queryRunner.query(`
      UPDATE "quoting"."quote_items"
         SET "charged_participants" = CASE WHEN "order_confirmed" THEN "confirmed_participants" ELSE "quantity" END`);
    await figureExistingQuotes(queryRunner);
    for (const table of BACKFILLED) await queryRunner.query(`ALTER TABLE "quoting"."${table}" FORCE ROW LEVEL SECURITY`);

    await queryRunner.query(`
      ALTER TABLE "quoting"."quotes"
        ALTER COLUMN "number_year" SET NOT NULL,
        ALTER COLUMN "number_seq" SET NOT NULL,
        ADD CONSTRAINT "quotes_number_key" UNIQUE ("tenant_id", "number_year", "number_seq")`);
    // the list's "Creato da" filter
    await queryRunner.query(`CREATE INDEX "quotes_created_by_idx" ON "quoting"."quotes" ("tenant_id", "created_by")`);
    await isolateTenantRows(queryRunner, 'quoting', ['quote_numbers']);
    await grantRuntimeRole(queryRunner, 'quoting', APP_ROLE, ['quote_numbers']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "quoting"."quote_numbers"`);
    await queryRunner.query(`
      ALTER TABLE "quoting"."quote_items"
        DROP COLUMN "available", DROP COLUMN "list_price", DROP COLUMN "min_participants",
        DROP COLUMN "charged_participants", DROP COLUMN "catalogue_description"`);
    await queryRunner.query(`
      ALTER TABLE "quoting"."quotes"
        DROP COLUMN "manual_total", DROP COLUMN "net_amount", DROP COLUMN "vat_amount", DROP COLUMN "confirmed_amount",
        DROP COLUMN "number_year", DROP COLUMN "number_seq", DROP COLUMN "created_by", DROP COLUMN "created_by_name"`);
  }
}

/** Each agency's quotes numbered per creation year (business time zone) in creation order; the counters at the last. */
async function numberExistingQuotes(queryRunner: QueryRunner): Promise<void> {
  const timeZone = process.env['BUSINESS_TIME_ZONE'] || DEFAULT_TIME_ZONE;
  await queryRunner.query(
    `UPDATE "quoting"."quotes" quote
        SET "number_year" = numbered.year, "number_seq" = numbered.seq
       FROM (SELECT id, year, row_number() OVER (PARTITION BY tenant_id, year ORDER BY created_at, id)::int AS seq
               FROM (SELECT id, tenant_id, created_at, extract(year FROM created_at AT TIME ZONE $1)::int AS year
                       FROM "quoting"."quotes") dated) numbered
      WHERE quote.id = numbered.id`,
    [timeZone],
  );
  await queryRunner.query(`
    INSERT INTO "quoting"."quote_numbers" ("tenant_id", "year", "last_seq")
    SELECT "tenant_id", "number_year", max("number_seq") FROM "quoting"."quotes" GROUP BY "tenant_id", "number_year"`);
}

/** Every quote's gross total, net and VAT, confirmed gross, and total set by hand, by the shared engine. */
async function figureExistingQuotes(queryRunner: QueryRunner): Promise<void> {
  const quotes: StoredQuote[] = await queryRunner.query(`
    SELECT quote.id, quote.status, quote.total_amount::text,
           coalesce((SELECT sum(consumption.total_value) FROM "quoting"."service_consumptions" consumption
                      WHERE consumption.quote_id = quote.id), 0)::text AS consumptions,
           coalesce((SELECT json_agg(json_build_object('total_price', item.total_price::text, 'price_includes_vat', item.price_includes_vat,
                                                       'vat_rate', item.vat_rate::text, 'order_confirmed', item.order_confirmed))
                       FROM "quoting"."quote_items" item WHERE item.quote_id = quote.id), '[]') AS items
      FROM "quoting"."quotes" quote`);
  for (const quote of quotes) {
    const items = quote.items.map(figuredItem);
    // before, the total was what the counted items' prices added up to as written, unless someone typed another
    const typed = toCents(quote.total_amount) === quoteTotalCents(items, quote.status) ? null : toCents(quote.total_amount);
    const { total, confirmedGrossCents } = figuresOfQuote({ status: quote.status, items, consumptionsCents: toCents(quote.consumptions), manualTotalCents: typed });
    await queryRunner.query(
      `UPDATE "quoting"."quotes" SET "total_amount" = $2, "net_amount" = $3, "vat_amount" = $4, "confirmed_amount" = $5, "manual_total" = $6
        WHERE "id" = $1`,
      [quote.id, formatCents(total.grossCents), formatCents(total.netCents), formatCents(total.vatCents), formatCents(confirmedGrossCents), typed === null ? null : formatCents(typed)],
    );
  }
}
