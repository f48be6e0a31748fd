import { Controller } from '@nestjs/common';
import {
  AVAILABILITY_CREATE, AVAILABILITY_DELETE, AVAILABILITY_LIST, AVAILABILITY_UPDATE, AvailabilityDto, CATALOGUE_PRODUCT_TEXTS, CopyFromItalianDto, PRODUCTS_COPY_FROM_ITALIAN,
  PRODUCTS_CREATE, PRODUCTS_DELETE, PRODUCTS_GET_TAGS, PRODUCTS_LIST, PRODUCTS_SET_TAGS, PRODUCTS_UPDATE, ProductDto, RpcRequest, SetTagsDto,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { AvailabilityService } from './availability.service';
import { ProductTextsService } from './product-texts.service';
import { ProductsService } from './products.service';

@Controller()
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly availability: AvailabilityService,
    private readonly texts: ProductTextsService,
  ) {}

  @Handles(CATALOGUE_PRODUCT_TEXTS)
  productTexts({ principal, tenantId, productIds, language }: RpcRequest<typeof CATALOGUE_PRODUCT_TEXTS>) {
    return this.texts.textsIn(principal, tenantId, productIds, language);
  }

  @Handles(PRODUCTS_LIST)
  list({ principal, tenantId, cursor, until }: RpcRequest<typeof PRODUCTS_LIST>) {
    return this.products.list(principal, tenantId, cursor, until);
  }

  @Handles(PRODUCTS_CREATE, { data: ProductDto })
  create({ principal, tenantId, data }: RpcRequest<typeof PRODUCTS_CREATE>) {
    return this.products.create(principal, tenantId, data);
  }

  @Handles(PRODUCTS_UPDATE, { data: ProductDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof PRODUCTS_UPDATE>) {
    return this.products.update(principal, tenantId, id, data);
  }

  @Handles(PRODUCTS_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof PRODUCTS_DELETE>) {
    return this.products.delete(principal, tenantId, id);
  }

  @Handles(PRODUCTS_GET_TAGS)
  getTags({ principal, tenantId, id }: RpcRequest<typeof PRODUCTS_GET_TAGS>) {
    return this.products.getTags(principal, tenantId, id);
  }

  @Handles(PRODUCTS_SET_TAGS, { data: SetTagsDto })
  setTags({ principal, tenantId, id, data }: RpcRequest<typeof PRODUCTS_SET_TAGS>) {
    return this.products.setTags(principal, tenantId, id, data);
  }

  @Handles(PRODUCTS_COPY_FROM_ITALIAN, { data: CopyFromItalianDto })
  copyFromItalian({ principal, tenantId, id, data }: RpcRequest<typeof PRODUCTS_COPY_FROM_ITALIAN>) {
    return this.products.copyFromItalian(principal, tenantId, id, data);
  }

  @Handles(AVAILABILITY_LIST)
  listAvailability({ principal, tenantId, id }: RpcRequest<typeof AVAILABILITY_LIST>) {
    return this.availability.list(principal, tenantId, id);
  }

  @Handles(AVAILABILITY_CREATE, { data: AvailabilityDto })
  createAvailability({ principal, tenantId, id, data }: RpcRequest<typeof AVAILABILITY_CREATE>) {
    return this.availability.create(principal, tenantId, id, data);
  }

  @Handles(AVAILABILITY_UPDATE, { data: AvailabilityDto })
  updateAvailability({ principal, tenantId, id, availabilityId, data }: RpcRequest<typeof AVAILABILITY_UPDATE>) {
    return this.availability.update(principal, tenantId, id, availabilityId, data);
  }

  @Handles(AVAILABILITY_DELETE)
  deleteAvailability({ principal, tenantId, id, availabilityId }: RpcRequest<typeof AVAILABILITY_DELETE>) {
    return this.availability.delete(principal, tenantId, id, availabilityId);
  }
}
