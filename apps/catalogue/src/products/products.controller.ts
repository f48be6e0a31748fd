import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AVAILABILITY_CREATE,
  AVAILABILITY_DELETE,
  AVAILABILITY_LIST,
  AVAILABILITY_UPDATE,
  AvailabilityDto,
  CopyFromItalianDto,
  PRODUCTS_COPY_FROM_ITALIAN,
  PRODUCTS_CREATE,
  PRODUCTS_DELETE,
  PRODUCTS_GET_TAGS,
  PRODUCTS_LIST,
  PRODUCTS_SET_TAGS,
  PRODUCTS_UPDATE,
  ProductDto,
  SetTagsDto,
  type Principal,
} from '@quotebook/contracts';
import { AvailabilityService } from './availability.service';
import { ProductsService } from './products.service';

@Controller()
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly availability: AvailabilityService,
  ) {}

  @MessagePattern(PRODUCTS_LIST.subject)
  list(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('cursor') cursor: number | undefined,
  ) {
    return this.products.list(principal, tenantId, cursor);
  }

  @MessagePattern(PRODUCTS_CREATE.subject)
  create(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('data') data: ProductDto) {
    return this.products.create(principal, tenantId, data);
  }

  @MessagePattern(PRODUCTS_UPDATE.subject)
  update(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: ProductDto,
  ) {
    return this.products.update(principal, tenantId, id, data);
  }

  @MessagePattern(PRODUCTS_DELETE.subject)
  delete(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('id') id: string) {
    return this.products.delete(principal, tenantId, id);
  }

  @MessagePattern(PRODUCTS_GET_TAGS.subject)
  getTags(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('id') id: string) {
    return this.products.getTags(principal, tenantId, id);
  }

  @MessagePattern(PRODUCTS_SET_TAGS.subject)
  setTags(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: SetTagsDto,
  ) {
    return this.products.setTags(principal, tenantId, id, data);
  }

  @MessagePattern(PRODUCTS_COPY_FROM_ITALIAN.subject)
  copyFromItalian(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: CopyFromItalianDto,
  ) {
    return this.products.copyFromItalian(principal, tenantId, id, data);
  }

  @MessagePattern(AVAILABILITY_LIST.subject)
  listAvailability(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('id') id: string) {
    return this.availability.list(principal, tenantId, id);
  }

  @MessagePattern(AVAILABILITY_CREATE.subject)
  createAvailability(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: AvailabilityDto,
  ) {
    return this.availability.create(principal, tenantId, id, data);
  }

  @MessagePattern(AVAILABILITY_UPDATE.subject)
  updateAvailability(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('availabilityId') availabilityId: string,
    @Payload('data') data: AvailabilityDto,
  ) {
    return this.availability.update(principal, tenantId, id, availabilityId, data);
  }

  @MessagePattern(AVAILABILITY_DELETE.subject)
  deleteAvailability(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('availabilityId') availabilityId: string,
  ) {
    return this.availability.delete(principal, tenantId, id, availabilityId);
  }
}
