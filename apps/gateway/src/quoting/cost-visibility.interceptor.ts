import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { TENANTS_GET, withoutCosts } from '@quotebook/contracts';
import { RecentlyKnown, RpcClient, SessionStates } from '@quotebook/server-core';
import type { Observable } from 'rxjs';
import { type AnswerTransform, answersThrough } from '../common/direct-routes';
import { JsonText } from '../common/json-text';
import { type AuthenticatedPrincipal, toPrincipal } from '../common/principal.decorator';
import type { TenantScope } from '../common/tenant-scope';

/** The answer with its cost and margin fields null; a list's pages, sent as JSON already, are read and written again. */
function hidingCosts(answer: unknown): unknown {
  if (answer instanceof JsonText) return new JsonText([Buffer.from(JSON.stringify(withoutCosts(JSON.parse(answer.text))), 'utf8')]);
  return withoutCosts(answer);
}

/**
 * Cost and margin are the agency's own business: a tenant user of an agency that keeps them from its
 * users gets every cost and margin field of a quote answer as null (admins and the superadmin always
 * see them). The agency's setting is asked of tenancy once the answer is ready, so a request refused on
 * its own grounds costs no extra question, and only a tenant user's answers are looked at. What tenancy
 * answered is trusted as a session check is (RecentlyKnown): tenancy announces a change of the setting
 * before it answers the change, which clears it here. When tenancy does not answer, the costs are
 * hidden: the quote still answers (quoting does not depend on tenancy being up), and nothing is shown
 * that the agency may have kept from its users. It only changes the answer (an AnswerTransform), so
 * the quotes' routes are served directly as the others are.
 */
@Injectable()
export class CostVisibilityInterceptor implements NestInterceptor, AnswerTransform {
  private readonly visibleToUsers = new RecentlyKnown<boolean>();

  constructor(
    private readonly rpc: RpcClient,
    sessions: SessionStates,
  ) {
    sessions.onChange(() => this.visibleToUsers.clear());
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return answersThrough(this, context, next);
  }

  /** The answer as the request's user may see it: an admin's and the superadmin's as it is. */
  transformAnswer(context: ExecutionContext, answer: unknown): unknown {
    const request = context.switchToHttp().getRequest<{ user?: AuthenticatedPrincipal; params: Record<string, string> }>();
    const user = request.user;
    if (!user || user.role !== 'tenant_user') return answer;
    const scope: TenantScope = { principal: toPrincipal(user), tenantId: request.params.tenantId ?? '' };
    return this.costsVisible(scope).then(
      (visible) => (visible ? answer : hidingCosts(answer)),
      () => hidingCosts(answer),
    );
  }

  /** Whether the agency shows its users cost and margin: recently learnt, or asked of tenancy. */
  private async costsVisible(scope: TenantScope): Promise<boolean> {
    const known = this.visibleToUsers.get(scope.tenantId);
    if (known !== undefined) return known;
    const mark = this.visibleToUsers.mark();
    const { costVisibleToUsers } = await this.rpc.send(TENANTS_GET, scope);
    this.visibleToUsers.remember(scope.tenantId, costVisibleToUsers, mark);
    return costVisibleToUsers;
  }
}
