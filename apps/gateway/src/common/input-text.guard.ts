import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { inputProblems } from '@quotebook/server-core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/**
 * No route sees text that is not text: NUL or a lone UTF-16 surrogate anywhere in the path
 * parameters, the query or the body (values and property names) is a 400 naming the field, before
 * any pipe or handler runs. Query parameters a route does not read are checked too.
 */
@Injectable()
export class InputTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<Request>();
      const problems = [...inputProblems(request.params), ...inputProblems(request.query), ...inputProblems(request.body)];
      if (problems.length) throw new BadRequestException(problems);
    }
    return next.handle();
  }
}
