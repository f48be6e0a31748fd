/*
 * Compiled, never run: the gateway's VAT-rate routes against patterns whose types changed. Each
 * @ts-expect-error marks a declaration that must not compile; were the typing loosened, the directive
 * would be unused and the build (and tools/type-check/rpc-patterns.spec.ts) would fail.
 */
import {
  type CatalogueWrite,
  rpcPattern,
  TagView,
  VAT_RATES_CREATE,
  VAT_RATES_DELETE,
  VAT_RATES_LIST,
  VAT_RATES_UPDATE,
  VatRateDto,
  VatRateView,
} from '@quotebook/contracts';
import { TenantResource } from '../common/tenant-resource';

/** VAT_RATES_CREATE had its response changed */
const CREATE_ANSWERING_A_TAG = rpcPattern<CatalogueWrite<VatRateDto>, TagView>('type-check.vat-rates.create');
/** VAT_RATES_CREATE had a required field added to its request */
const CREATE_WITH_A_NOTE = rpcPattern<CatalogueWrite<VatRateDto> & { note: string }, VatRateView>('type-check.vat-rates.create');

export const responseChanged = TenantResource({
  body: VatRateDto,
  view: VatRateView,
  list: VAT_RATES_LIST,
  // @ts-expect-error -- the route answers a VatRateView, the pattern now a TagView
  create: CREATE_ANSWERING_A_TAG,
  update: VAT_RATES_UPDATE,
  remove: VAT_RATES_DELETE,
});

export const requestChanged = TenantResource({
  body: VatRateDto,
  view: VatRateView,
  list: VAT_RATES_LIST,
  // @ts-expect-error -- the route sends no note
  create: CREATE_WITH_A_NOTE,
  update: VAT_RATES_UPDATE,
  remove: VAT_RATES_DELETE,
});

export const listedAsPages = TenantResource({
  body: VatRateDto,
  view: VatRateView,
  // @ts-expect-error -- the VAT-rate list answers every rate at once, not a page
  listPages: VAT_RATES_LIST,
  create: VAT_RATES_CREATE,
  update: VAT_RATES_UPDATE,
  remove: VAT_RATES_DELETE,
});
