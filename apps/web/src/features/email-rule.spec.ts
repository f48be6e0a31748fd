import { EMAIL_CASES } from '@quotebook/domain/testing';
import { customerFormFrom, validateCustomerForm } from './customers/customer-form';
import { validateSettingsForm, type SettingsFormValues } from './settings/settings-form';
import { emptyTenantForm, validateTenantForm } from './superadmin/tenant-form';
import { userFormFrom, validateUserForm } from './users/user-form';

/** Each form that takes an e-mail address: whether it accepts the address in that field. */
const forms: ReadonlyArray<[form: string, field: string, accepts: (address: string) => boolean]> = [
  ['customer', 'email', (email) => !validateCustomerForm({ ...customerFormFrom(), name: 'Rossi Viaggi', email }).email],
  ['customer', 'pec', (pec) => !validateCustomerForm({ ...customerFormFrom(), name: 'Rossi Viaggi', email: 'info@rossi.it', pec }).pec],
  ['user', 'email', (email) => !validateUserForm({ ...userFormFrom(), email }, 'create').email],
  ['tenant', 'adminEmail', (adminEmail) => !validateTenantForm({ ...emptyTenantForm(), adminEmail }, 'create').adminEmail],
  [
    'settings',
    'referenceEmail',
    (referenceEmail) => !validateSettingsForm({ website: '', referenceEmail } as SettingsFormValues).referenceEmail,
  ],
];

// The server runs the same table through its request checks (libs/contracts email.spec.ts).
describe('the web forms check e-mail addresses by the shared table', () => {
  describe.each(forms)('%s form, %s', (_form, field, accepts) => {
    // '' means "none" for the optional addresses
    const cases = EMAIL_CASES.filter(([address]) => address !== '' || ['email', 'adminEmail'].includes(field));
    it.each(cases)('%j → %s', (address, accepted) => {
      expect(accepts(address)).toBe(accepted);
    });
  });
});
