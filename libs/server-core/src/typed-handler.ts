import { ArgumentMetadata, PipeTransform, Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { ListPage, RpcPattern, RpcRequest, RpcResponse } from '@quotebook/contracts';
import type { JsonItemsPage } from './list-page';
import { createRpcValidationPipe } from './rpc-validation.pipe';

/** A response as it may leave its handler: a list page may hold its items as JSON text already. */
export type RpcAnswer<R> = R | (R extends ListPage<infer T> ? JsonItemsPage<T> : never);

/** What a handler of pattern P is: the pattern's whole request in, a promise of its response out. */
export type RpcHandler<P> = (request: RpcRequest<P>) => Promise<RpcAnswer<RpcResponse<P>>>;

type DtoClass<T> = new (...args: never[]) => T;

/**
 * The DTO classes that validate and transform a request before its handler sees it: one class for the
 * whole request, or one per part (`{ data: VatRateDto }`); the other parts arrive as they were sent.
 */
export type RequestClasses<P> = DtoClass<RpcRequest<P>> | { [Part in keyof RpcRequest<P>]?: DtoClass<RpcRequest<P>[Part]> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs the services' validation pipe on the request, or on each of its parts that has a class. */
class RequestValidationPipe implements PipeTransform {
  private readonly validation = createRpcValidationPipe();

  constructor(private readonly classes: RequestClasses<unknown> | undefined) {}

  async transform(request: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { classes } = this;
    if (!classes) return request;
    if (typeof classes === 'function') {
      return this.validation.transform(request, { ...metadata, metatype: classes as Type<unknown> });
    }
    const parts = isRecord(request) ? request : {};
    const validated: Record<string, unknown> = { ...parts };
    for (const [part, metatype] of Object.entries(classes as Record<string, DtoClass<unknown>>)) {
      validated[part] = await this.validation.transform(parts[part], { ...metadata, metatype, data: part });
    }
    return validated;
  }
}

/**
 * Declares a method as the handler of an RPC pattern. The method receives the whole request and must
 * have the type `RpcHandler<P>`, so a pattern whose request or response type changes fails the build
 * of its handler: `@Handles(VAT_RATES_UPDATE, { data: VatRateDto }) update({ tenantId, id, data }: …)`.
 */
export function Handles<P extends RpcPattern<never, unknown>>(pattern: P, classes?: RequestClasses<P>) {
  const validation = new RequestValidationPipe(classes as RequestClasses<unknown> | undefined);
  // the descriptor's value is the method: the compiler checks that it is an RpcHandler<P>
  return (target: object, method: string | symbol, descriptor: { value?: RpcHandler<P> }): void => {
    MessagePattern(pattern.subject)(target, method, descriptor as PropertyDescriptor);
    Payload(validation)(target, method, 0);
  };
}
