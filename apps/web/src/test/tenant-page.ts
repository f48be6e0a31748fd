import type { UserView } from '@quotebook/contracts';
import { agencyRoutes, aTenant, aUser, json, on, stubGateway, type GatewayHandler } from './gateway-stub';
import { renderApp } from './render-app';

/** Agenzia Sole (tenant-1, keyword `sole`, Italian and English) and its admin Mario Rossi. */
export const soleTenant = aTenant();
export const soleAdmin = aUser();

/**
 * A page of the Sole agency as its admin (or `user`) sees it, with the gateway answering the agency
 * lookups (public by keyword, whole by id) and the session check plus `handlers`.
 */
export function renderTenantPage(path: string, handlers: GatewayHandler[], user: UserView = soleAdmin) {
  const gateway = stubGateway(
    ...handlers,
    ...agencyRoutes(soleTenant),
    on('GET', '/api/auth/me', () => json(user)),
  );
  return { ...renderApp(path, { token: 'token-1', user }), ...gateway };
}

/** The body of the recorded requests with this method and path, parsed. */
export function bodiesOf(requests: ReturnType<typeof stubGateway>['requests'], method: string, path: string): unknown[] {
  return requests.filter((request) => request.method === method && request.path === path).map((request) => JSON.parse(request.body));
}
