import { Controller } from '@nestjs/common';
import {
  CATALOGUE_COUNTS,
  CATALOGUE_QUOTE_PRICING,
  IsDateOnly,
  MAX_QUOTE_ITEMS,
  mustBeUuid,
  type Principal,
  type QuotePricingRequest,
  RpcRequest,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsString, IsUUID } from 'class-validator';
import { QuotePricingService } from './quote-pricing.service';

/** Quoting's question, once per pricing of a quote: never more products than a quote may hold. */
export class QuotePricingPayload implements QuotePricingRequest {
  @IsObject()
  principal: Principal;

  @IsUUID('all', { message: mustBeUuid('tenantId') })
  tenantId: string;

  @IsArray()
  @ArrayMaxSize(MAX_QUOTE_ITEMS)
  @IsString({ each: true })
  productIds: string[];

  @IsOptional()
  @IsString()
  customerId: string | null;

  @IsOptional()
  @IsDateOnly()
  serviceDate: string | null;
}

@Controller()
export class QuotePricingController {
  constructor(private readonly catalogue: QuotePricingService) {}

  @Handles(CATALOGUE_QUOTE_PRICING, QuotePricingPayload)
  pricing({ principal, tenantId, ...request }: RpcRequest<typeof CATALOGUE_QUOTE_PRICING>) {
    return this.catalogue.pricing(principal, tenantId, request);
  }

  @Handles(CATALOGUE_COUNTS)
  counts({ principal, tenantId }: RpcRequest<typeof CATALOGUE_COUNTS>) {
    return this.catalogue.counts(principal, tenantId);
  }
}
