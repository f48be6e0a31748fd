import { screen } from '@testing-library/react';
import { aPublicTenant, json, on, stubGateway } from '../../test/gateway-stub';
import { renderApp } from '../../test/render-app';

describe('routing', () => {
  it.each(['/sole/quote-template', '/sole/no-such-tab', '/superadmin/unknown', '/a/b/c'])(
    '%s shows the not-found page with the footer',
    (path) => {
      stubGateway();
      renderApp(path);

      expect(screen.getByText('404 Page Not Found')).toBeTruthy();
      expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
      expect(screen.getByText('© 2025 Quotebook. All rights reserved. · quotebook.app')).toBeTruthy();
    },
  );

  it('sends / to the SuperAdmin login', async () => {
    stubGateway();
    const { router } = renderApp('/');

    expect(await screen.findByText('SuperAdmin Access')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/superadmin');
  });

  it.each([
    ['/superadmin', 'SuperAdmin Access'],
    ['/reset-password', 'Link Non Valido'],
  ])('does not take %s for an agency keyword', async (path, text) => {
    const { requests } = stubGateway();
    renderApp(path);

    expect(await screen.findByText(text)).toBeTruthy();
    expect(requests.some((request) => request.path.includes('by-keyword'))).toBe(false);
  });

  it('treats any other single segment as an agency keyword', async () => {
    stubGateway(on('GET', '/api/tenants/by-keyword/sole', () => json(aPublicTenant())));
    renderApp('/sole');

    expect(await screen.findByRole('heading', { name: 'Agenzia Sole' })).toBeTruthy();
  });
});
