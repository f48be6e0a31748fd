import { BadRequestException, CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { inputProblems } from '@quotebook/server-core';
import type { FastifyRequest as Request } from 'fastify';

const decode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
};

/**
 * Query parameters whose percent-escapes are not UTF-8 (a lone surrogate, as a careless encoder
 * writes it): the query parser turns them into replacement characters, so they are found in the
 * query string as it came.
 */
export function undecodableQueryProblems(url: string): string[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const query = url.slice(start + 1).split('#')[0];
  return query.split('&').flatMap((part) => {
    const equals = part.indexOf('=');
    const name = equals < 0 ? part : part.slice(0, equals);
    const value = equals < 0 ? '' : part.slice(equals + 1);
    const decodedName = decode(name);
    if (decodedName === undefined) return ['the query has a parameter name with invalid characters'];
    return decode(value) === undefined ? [`${decodedName} contains invalid characters`] : [];
  });
}

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
      const problems = [
        ...inputProblems(request.params),
        ...inputProblems(request.query),
        ...undecodableQueryProblems(request.originalUrl ?? request.url),
        ...inputProblems(request.body),
      ];
      if (problems.length) throw new BadRequestException(problems);
    }
    return true;
  }
}
