import { BadRequestException, CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { inputProblems } from '@quotebook/server-core';
import type { Request } from 'express';

/**
 * No route sees text that is not text: NUL or a lone UTF-16 surrogate anywhere in the path
 * parameters, the query or the body (values and property names) is a 400 naming the field, before
 * any pipe or handler runs. Query parameters a route does not read are checked too. The last of the
 * global guards (so an unauthenticated call is still a 401 first); a guard rather than an interceptor,
 * as a global interceptor wraps every call in an observable and an async resource.
 */
@Injectable()
export class InputTextGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<Request>();
      const problems = [...inputProblems(request.params), ...inputProblems(request.query), ...inputProblems(request.body)];
      if (problems.length) throw new BadRequestException(problems);
    }
    return true;
  }
}
