import { aTenant } from '../../test/gateway-stub';
import { LOGO_MESSAGES, logoFileProblem } from './logo-file';
import { settingsFormFrom, settingsRequestFrom, validateSettingsForm } from './settings-form';

function fileOf(type: string, size: number): File {
  const file = new File(['x'], 'logo', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const measured = (width: number, height: number) => () => Promise.resolve({ width, height });

describe(logoFileProblem.name, () => {
  it.each(['image/jpeg', 'image/png', 'image/gif'])('accepts a small %s', async (type) => {
    expect(await logoFileProblem(fileOf(type, 10_000), measured(150, 150))).toBeNull();
  });

  it('refuses other formats', async () => {
    expect(await logoFileProblem(fileOf('image/webp', 10_000), measured(10, 10))).toBe(LOGO_MESSAGES.type);
    expect(await logoFileProblem(fileOf('application/pdf', 10_000), measured(10, 10))).toBe(LOGO_MESSAGES.type);
  });

  it('refuses more than 5MB', async () => {
    expect(await logoFileProblem(fileOf('image/png', 5 * 1024 * 1024), measured(10, 10))).toBeNull();
    expect(await logoFileProblem(fileOf('image/png', 5 * 1024 * 1024 + 1), measured(10, 10))).toBe(
      'File size must be less than 5MB',
    );
  });

  it('refuses more than 150x150 pixels', async () => {
    expect(await logoFileProblem(fileOf('image/png', 1000), measured(151, 100))).toBe(
      'Image dimensions must be maximum 150x150 pixels',
    );
    expect(await logoFileProblem(fileOf('image/png', 1000), measured(100, 151))).toBe(LOGO_MESSAGES.dimensions);
  });

  it('refuses a file the browser cannot read as a picture', async () => {
    const unreadable = () => Promise.reject(new Error('decode'));
    expect(await logoFileProblem(fileOf('image/png', 1000), unreadable)).toBe(LOGO_MESSAGES.unreadable);
  });
});

describe('company settings form', () => {
  it('starts from the stored values, empty where none', () => {
    const values = settingsFormFrom(aTenant({ companyName: 'Sole S.r.l.', city: null }));
    expect(values.companyName).toBe('Sole S.r.l.');
    expect(values.city).toBe('');
  });

  it('accepts empty optional fields and checks email and website when given', () => {
    const values = settingsFormFrom(aTenant());
    expect(validateSettingsForm(values)).toEqual({});
    expect(validateSettingsForm({ ...values, referenceEmail: 'info@sole', website: 'not a site' })).toEqual({
      referenceEmail: 'Please enter a valid email address',
      website: 'Please enter a valid URL',
    });
    expect(validateSettingsForm({ ...values, referenceEmail: 'info@sole.it', website: 'www.sole.it' })).toEqual({});
  });

  it('sends trimmed values and null for emptied fields', () => {
    const request = settingsRequestFrom({ ...settingsFormFrom(aTenant()), companyName: ' Sole S.r.l. ', city: '  ' });
    expect(request.companyName).toBe('Sole S.r.l.');
    expect(request.city).toBeNull();
    expect(Object.keys(request).sort()).toEqual(
      [
        'address', 'city', 'companyName', 'country', 'fiscalCode', 'mobile', 'phone', 'postalCode',
        'referenceEmail', 'vatNumber', 'website',
      ].sort(),
    );
  });
});
