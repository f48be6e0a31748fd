import { Module } from '@nestjs/common';
import { QuotePricingController } from './quote-pricing.controller';
import { QuotePricingService } from './quote-pricing.service';

/** The catalogue's answers to quoting: what prices a quote, and the dashboard's counts. */
@Module({ controllers: [QuotePricingController], providers: [QuotePricingService] })
export class QuotingLinksModule {}
